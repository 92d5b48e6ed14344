"""The eight teams of the browser tests' club evenings: French names, and Arabic ones."""

from __future__ import annotations

LATIN = [
    ("Les As", "Anne", "Bruno"),
    ("Le Carré", "Chloé", "David"),
    ("Les Rois", "Emma", "Farid"),
    ("Les Dames", "Gina", "Hugo"),
    ("Les Valets", "Inès", "Jules"),
    ("Belote", "Karim", "Léa"),
    ("Rebelote", "Marc", "Nour"),
    ("Capot", "Olga", "Paul"),
]
ARABIC = [
    ("النجوم", "رامي", "سارة"),
    ("الصقور", "عمر", "لينا"),
    ("الأسود", "هادي", "ريم"),
    ("النسور", "كريم", "نور"),
    ("الفرسان", "سامي", "هلا"),
    ("الملوك", "زياد", "دانة"),
    ("الأبطال", "فادي", "رنا"),
    ("الشجعان", "باسل", "مها"),
]
