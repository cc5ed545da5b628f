from django.urls import path

from trainer import views_dashboard, views_train

app_name = "train"
urlpatterns = [
    path("train/", views_train.index, name="index"),
    path("train/attempts/<int:pk>/", views_train.attempt, name="attempt"),
    path("train/<slug:game>/", views_train.play, name="play"),
    path("train/<slug:game>/hint/", views_train.hint, name="hint"),
    path("train/<slug:game>/answer/", views_train.answer, name="answer"),
    path("dashboard/", views_dashboard.dashboard, name="dashboard"),
]
