"""Room labels for a scene's regions from the objects they contain (bed → bedroom, …), and
region adjacency from touching bounds. Pure functions: the Habitat backend feeds them the
semantic scene's regions and objects."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

# object category (HM3D / MP3D raw names, lower-cased) → the room it marks, with a weight:
# strong cues (a toilet) outvote weak ones (a chair)
ROOM_CUES: dict[str, tuple[str, float]] = {
    "bed": ("bedroom", 3), "nightstand": ("bedroom", 2), "wardrobe": ("bedroom", 1.5), "dresser": ("bedroom", 1),
    "toilet": ("bathroom", 4), "shower": ("bathroom", 3), "bathtub": ("bathroom", 3), "sink": ("bathroom", 1),
    "towel": ("bathroom", 1), "bathroom counter": ("bathroom", 2),
    "stove": ("kitchen", 4), "oven": ("kitchen", 3), "refrigerator": ("kitchen", 3), "fridge": ("kitchen", 3),
    "microwave": ("kitchen", 2), "dishwasher": ("kitchen", 3), "kitchen cabinet": ("kitchen", 2),
    "counter": ("kitchen", 1), "kitchen table": ("kitchen", 2),
    "sofa": ("living room", 3), "couch": ("living room", 3), "tv": ("living room", 2),
    "tv stand": ("living room", 2), "fireplace": ("living room", 2), "coffee table": ("living room", 2),
    "armchair": ("living room", 1),
    "dining table": ("dining room", 3), "sideboard": ("dining room", 1),
    "desk": ("office", 2), "office chair": ("office", 2), "computer": ("office", 1), "bookshelf": ("office", 1),
    "washing machine": ("laundry room", 4), "washer": ("laundry room", 4), "dryer": ("laundry room", 3),
    "laundry shelf": ("laundry room", 2),
    "workbench": ("garage", 3), "car": ("garage", 4),
    "shoe rack": ("hallway", 2), "console table": ("hallway", 1),
}


def label_from_objects(categories: list[str], fallback: str = "room") -> str:
    """The room whose cues weigh most among the categories; `fallback` when none is a cue."""
    votes: Counter[str] = Counter()
    for c in categories:
        cue = ROOM_CUES.get(c.strip().lower())
        if cue:
            votes[cue[0]] += cue[1]
    if not votes:
        return fallback
    best = max(votes.values())
    return sorted(k for k, v in votes.items() if v == best)[0]


@dataclass
class Box3:
    min: list[float]
    max: list[float]


def adjacency(boxes: dict[str, Box3], gap: float = 0.3) -> list[tuple[str, str]]:
    """Regions whose floor footprints touch (within `gap` metres) and whose heights overlap."""
    ids = sorted(boxes)
    out = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            A, B = boxes[a], boxes[b]
            if (A.min[0] - gap <= B.max[0] and B.min[0] - gap <= A.max[0]
                    and A.min[2] - gap <= B.max[2] and B.min[2] - gap <= A.max[2]
                    and A.min[1] < B.max[1] and B.min[1] < A.max[1]):
                out.append((a, b))
    return out


def unique_labels(labels: dict[str, str]) -> dict[str, str]:
    """Numbers repeated labels ("bedroom", "bedroom 2") in region-id order, as the embedded houses do."""
    seen: Counter[str] = Counter()
    out = {}
    for rid in sorted(labels):
        seen[labels[rid]] += 1
        n = seen[labels[rid]]
        out[rid] = labels[rid] if n == 1 else f"{labels[rid]} {n}"
    return out
