"""WSGI entry point (gunicorn config.wsgi)."""

import os
import sys

from django.core.wsgi import get_wsgi_application

from config.env import env_int

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# How long a thread of a web process may keep the GIL while another one waits for it, in
# microseconds (0: Python's own 5000). With several threads per gunicorn worker, a thread
# whose reply from PostgreSQL has come waits up to this long for a busy sibling.
_SWITCH_US = env_int("WEB_SWITCH_INTERVAL_US", 0, minimum=0)
if _SWITCH_US:
    sys.setswitchinterval(_SWITCH_US / 1e6)

application = get_wsgi_application()
