from django.urls import path

from lessons import views

app_name = "lessons"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:game>/", views.course, name="course"),
    path("<slug:game>/glossary/", views.glossary, name="glossary"),
    path("<slug:game>/<slug:slug>/", views.lesson, name="lesson"),
    path("<slug:game>/<slug:slug>/checkpoints/<int:number>/", views.answer, name="answer"),
]
