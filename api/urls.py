from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from api import views

app_name = "api"
urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("games/", views.GameList.as_view(), name="game-list"),
    path("games/<slug:slug>/", views.GameDetail.as_view(), name="game-detail"),
]
