"""CJK stories for search's cost on Chinese and Korean text: N stories (JSON Lines, the HN item
shape) whose titles, and half of whose bodies, are Han or Hangul characters drawn by a Zipf
law from 3,500 and 1,500 (a worst case: real text repeats its pairs of neighbours far more, so
it makes fewer different words). Deterministic.

    python3 bench/cjk_stories.py 100000 /dev/shm/cjk.jsonl
    sitegen build --source /dev/shm/cjk.jsonl --output /dev/shm/out            # with search
    sitegen build --source /dev/shm/cjk.jsonl --output /dev/shm/out --no-search
"""
import json
import random
import sys


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(7)
    # Every fifth scalar of the unified ideographs stands in for a frequency list.
    han = [chr(0x4E00 + i * 5) for i in range(3500)]
    weights = [1 / (k + 1) for k in range(len(han))]
    hangul = [chr(0xAC00 + i * 7) for i in range(1500)]
    with open(out, "w") as f:
        for i in range(n):
            pool, w = (hangul, None) if i % 3 == 0 else (han, weights)
            item = {"id": 1 + i, "type": "story", "by": f"user{rng.randrange(20000)}", "time": 1_700_000_000 - i * 60,
                    "title": "".join(rng.choices(pool, w, k=rng.randrange(5, 16))), "url": f"https://example.cn/{i}",
                    "score": 1}
            if i % 2 == 0:
                item["text"] = "".join(rng.choices(pool, w, k=rng.randrange(50, 200)))
            f.write(json.dumps(item, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
