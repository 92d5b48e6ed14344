"""The site's URLs plus a baseline: the same stack doing the least it can (one row in)."""

from django.db import connection
from django.urls import include, path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scorekeeper.translate import SafeJSONParser

TABLE = "bench_baseline"


class Baseline(APIView):
    """One DRF view, same parser and renderer, that inserts one row and answers 201."""

    parser_classes = [SafeJSONParser]

    def post(self, request: Request) -> Response:
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {TABLE} (body) VALUES (%s) RETURNING id", [str(request.data)]
            )
            row_id = cursor.fetchone()[0]
        return Response({"id": row_id}, status=201)


urlpatterns = [
    path("bench/baseline/", Baseline.as_view()),
    path("", include("scorekeeper.urls")),
]
