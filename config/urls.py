from django.contrib import admin
from django.urls import include, path

from trainer import views as trainer_views

urlpatterns = [
    path("", trainer_views.home, name="home"),
    path("healthz", trainer_views.healthz, name="healthz"),
    path("lessons/", include("lessons.urls")),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("classes.urls")),  # before trainer's: /train/quiz/<id>/ is a permalink
    path("", include("trainer.urls")),
    path("api/", include("api.urls")),
    path("admin/", admin.site.urls),
]
