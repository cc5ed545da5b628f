"""Pages of list endpoints: ``?page=N``, ``?page_size=`` up to 200."""

from __future__ import annotations

from rest_framework.pagination import PageNumberPagination


class Pages(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200
