from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView

from api import views, views_jobs, views_teach, views_train
from api.schema import BrowsableSchema

app_name = "api"

v1 = [
    path("auth/token/", views.TokenView.as_view(), name="token"),
    path("games/", views.GameList.as_view(), name="game-list"),
    path("games/<slug:slug>/", views.GameDetail.as_view(), name="game-detail"),
    path("lessons/", views.LessonList.as_view(), name="lesson-list"),
    path("lessons/<slug:game>/<slug:slug>/", views.LessonDetail.as_view(), name="lesson-detail"),
    path("train/<slug:game>/quiz/", views_train.NextQuiz.as_view(), name="quiz"),
    path("train/<slug:game>/hint/", views_train.Hint.as_view(), name="hint"),
    path("train/<slug:game>/answer/", views_train.Answer.as_view(), name="answer"),
    path("attempts/", views_train.AttemptList.as_view(), name="attempt-list"),
    path("attempts/<int:pk>/", views_train.AttemptDetail.as_view(), name="attempt-detail"),
    path("progress/", views_train.Progress.as_view(), name="progress"),
    path("jobs/", views_jobs.JobList.as_view(), name="job-list"),
    path("jobs/<int:pk>/", views_jobs.JobDetail.as_view(), name="job-detail"),
    path("solves/", views_jobs.SolveList.as_view(), name="solve-list"),
    path("solves/<int:pk>/", views_jobs.SolveDetail.as_view(), name="solve-detail"),
    path("classes/", views_teach.ClassList.as_view(), name="class-list"),
    path("classes/join/", views_teach.JoinClass.as_view(), name="class-join"),
    path("classes/<int:pk>/", views_teach.ClassDetail.as_view(), name="class-detail"),
    path("classes/<int:pk>/pupils/", views_teach.ClassPupils.as_view(), name="class-pupils"),
    path("sets/", views_teach.SetList.as_view(), name="set-list"),
    path("sets/<int:pk>/", views_teach.SetDetail.as_view(), name="set-detail"),
    path("sets/<int:pk>/items/", views_teach.SetItems.as_view(), name="set-items"),
    path("sets/<int:pk>/generations/", views_teach.SetGenerate.as_view(), name="set-generate"),
    path(
        "sets/<int:pk>/generations/<int:link>/",
        views_teach.SetGeneration.as_view(),
        name="set-generation",
    ),
    path("assignments/", views_teach.AssignmentList.as_view(), name="assignment-list"),
    path(
        "assignments/<int:pk>/results/",
        views_teach.AssignmentResults.as_view(),
        name="assignment-results",
    ),
    path("my/assignments/", views_teach.MyAssignments.as_view(), name="my-assignments"),
    path("my/assignments/<int:pk>/next/", views_teach.AssignmentNext.as_view(), name="my-next"),
    path(
        "my/assignments/<int:pk>/answer/",
        views_teach.AssignmentAnswer.as_view(),
        name="my-answer",
    ),
]

urlpatterns = [
    path("v1/", include(v1)),
    path("schema/", BrowsableSchema.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema"), name="redoc"),
    re_path(r"^", views.NoSuchEndpoint.as_view()),
]
