from django.urls import path

from classes import views

app_name = "classes"
urlpatterns = [
    path("teach/", views.teach_home, name="teach"),
    path("teach/classes/<int:pk>/", views.class_detail, name="class"),
    path("teach/classes/<int:pk>/<slug:action>/", views.class_action, name="class_action"),
    path("teach/sets/<int:pk>/", views.set_detail, name="set"),
    path("teach/sets/<int:pk>/items/<int:item>/", views.item_preview, name="preview"),
    path(
        "teach/sets/<int:pk>/<slug:what>/<int:job>/status/",
        views.set_job_status,
        name="job_status",
    ),
    path("teach/sets/<int:pk>/<slug:action>/", views.set_action, name="set_action"),
    path("teach/assignments/<int:pk>/", views.results_page, name="results"),
    path("teach/assignments/<int:pk>/grid/", views.results_grid, name="results_grid"),
    path("teach/assignments/<int:pk>/results.csv", views.results_csv, name="results_csv"),
    path("classes/", views.classes_home, name="home"),
    path("classes/join/<str:code>/", views.join_code, name="join_code"),
    path("classes/assignments/<int:pk>/", views.assignment_page, name="assignment"),
    path("classes/assignments/<int:pk>/play/", views.assignment_play, name="play"),
    path("classes/assignments/<int:pk>/answer/", views.assignment_answer, name="answer_post"),
    path("classes/answers/<int:pk>/", views.answer_page, name="answer"),
    path("train/quiz/<int:pk>/", views.quiz_permalink, name="quiz"),
]
