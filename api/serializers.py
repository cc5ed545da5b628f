from __future__ import annotations

from rest_framework import serializers


class GameSerializer(serializers.Serializer):
    """One of the four games, with its deck."""

    slug = serializers.CharField()
    name = serializers.CharField()
    origin = serializers.CharField()
    players = serializers.CharField()
    hand_size = serializers.IntegerField()
    deck_size = serializers.SerializerMethodField()
    deck = serializers.SerializerMethodField()
    summary = serializers.CharField()

    def get_deck_size(self, info: object) -> int:
        return len(info.deck)  # type: ignore[attr-defined]

    def get_deck(self, info: object) -> list[str]:
        return [str(card) for card in info.deck]  # type: ignore[attr-defined]
