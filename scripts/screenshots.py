"""Take the screenshots of docs/learner.md: one quiz and its verdict per game and kind, at
desktop (1280 px) and phone (390 px) width, from the starter bank, in headless Chromium.
(The teacher pages of docs/teachers.md are taken by the browser journey with this file's
``shoot``, as it goes: ``DOCS_SCREENSHOTS=1 pytest tests/browser/test_journey_in_browser.py``;
`make screenshots` runs both.)

    .venv/bin/python scripts/screenshots.py [--out docs/img]

Uses the configured database (DATABASE_URL, else the embedded SQLite file): migrates it and
loads the starter bank when it is short, as `make run` does, then serves the site in a thread
and answers each quiz as a visitor. The quiz shown is the first of its game and kind in the
starter bank that shows the most facts (the same pick as tests/browser/
test_quiz_facts_in_browser.py); the answer given is its first choice that is not the best, so
the verdict shows a refutation. The page's main column is cropped and stored as a small
palette PNG.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

WIDTHS = {"desktop": 1280, "phone": 390}
# Colours kept per image (octree keeps the small red and purple areas of the suits and jokers).
COLOURS = 24
# Desktop pages are stored at three quarters of their size (text stays readable), phone pages
# as they are.
SCALE = {"desktop": 0.75, "phone": 1.0}


def _question(quiz: dict) -> str:
    pos = quiz["position"]
    return str(pos.get("question") or pos.get("decision") or "play")


def _jokers(quiz: dict) -> bool:
    pos = quiz["position"]
    return any(c.startswith("X") for c in pos["hands"][str(pos["seat"])])


# Which quiz of a game and kind to show: the first in the bank that shows the most facts (the
# browser test tests/browser/test_quiz_facts_in_browser.py opens the same ones).
PICKS = {
    ("skat", "play"): lambda q: bool(q["position"].get("tricks_played")),
    ("skat", "bid"): lambda q: _question(q) == "game",
    ("beyond", "play"): lambda q: bool(q["position"].get("tricks_played")),
    ("beyond", "bid"): lambda q: (
        _question(q) == "declaration"
        and len(q["position"].get("declarations") or []) == 3
        and _jokers(q)
    ),
    ("five_hundred", "play"): lambda q: bool(q["position"].get("tricks_played")),
    ("five_hundred", "bid"): lambda q: _question(q) == "kitty",
    ("wiezen", "play"): lambda q: bool(q["position"].get("tricks_played")),
    ("wiezen", "bid"): lambda q: bool(q["position"].get("auction")),
}


def _picked_quizzes() -> dict[tuple[str, str], Any]:
    """Return the bank's quiz (a Quiz row) for each game and kind, matched by prompt and seed."""
    from trainer.models import Quiz
    from trainer.quizio import open_bank
    from trainer.starter import STARTER_BANK

    out = {}
    with open_bank(STARTER_BANK) as lines:
        for line in lines:
            data = json.loads(line)
            key = (data["game"], data["kind"])
            if key in PICKS and key not in out and PICKS[key](data):
                row = Quiz.objects.filter(
                    game=data["game"], kind=data["kind"], seed=data["seed"], prompt=data["prompt"]
                ).first()
                if row is not None:
                    out[key] = row
    return out


def _browser(width: int) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    profile = tempfile.mkdtemp(prefix="chromium-shots-")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        f"--user-data-dir={profile}",
        f"--window-size={width},900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.implicitly_wait(5)
    # A desktop Chromium window is never narrower than 500 px: a phone is emulated.
    metrics = {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    return driver


def shoot(driver: Any, device: str, path: Path, colours: int = COLOURS) -> int:
    """Store the page's main column (all of it, not only what the window shows) as a small
    palette PNG, desktop scaled down; return its size in bytes."""
    import base64
    import io

    from PIL import Image

    wider = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    if wider > 0:
        print(f"warning: {path.name}: the page is {wider} px wider than the screen", flush=True)
    rect = driver.execute_script(
        "const r = document.querySelector('main').getBoundingClientRect();"
        "return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];"
    )
    left, top, width, height = rect
    clip = {"x": left, "y": top, "width": width, "height": height, "scale": SCALE[device]}
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "clip": clip},
    )
    image = Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")
    image.quantize(colors=colours, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)
    return path.stat().st_size


def _give_ticket(driver: Any, base: str, quiz: Any) -> None:
    """Open the player as a new visitor and hand this visitor ``quiz`` (as serving would)."""
    from importlib import import_module

    from django.conf import settings

    from trainer import tickets

    driver.get(f"{base}/train/{quiz.game}/")
    driver.delete_all_cookies()
    driver.get(f"{base}/train/{quiz.game}/")
    key = driver.get_cookie(settings.SESSION_COOKIE_NAME)["value"]
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key=key)
    store.load()
    tickets.issue(store, quiz.pk, quiz.game, "", False)
    store.save()
    driver.get(f"{base}/train/{quiz.game}/")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img"))
    args = parser.parse_args()
    import django

    django.setup()
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.management import call_command
    from django.test.testcases import LiveServerThread
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    call_command("migrate", interactive=False, verbosity=0)
    call_command("ensure_starter_bank")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = LiveServerThread("127.0.0.1", StaticFilesHandler)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    base = f"http://127.0.0.1:{server.port}"
    total = 0
    try:
        picked = _picked_quizzes()
        for device, width in WIDTHS.items():
            driver = _browser(width)
            try:
                for (game, kind), quiz in sorted(picked.items()):
                    _give_ticket(driver, base, quiz)
                    name = f"{game}-{kind}-{device}"
                    total += shoot(driver, device, out / f"{name}-quiz.png")
                    buttons = driver.find_elements(By.CSS_SELECTOR, "button.choice")
                    best = {c["answer"] for c in quiz.candidates if c.get("accepted")}
                    wrong = [b for b in buttons if b.get_attribute("value") not in best]
                    (wrong or buttons)[0].click()
                    WebDriverWait(driver, 30).until(lambda d: "/attempts/" in d.current_url)
                    driver.find_element(By.ID, "verdict")
                    total += shoot(driver, device, out / f"{name}-verdict.png")
                    print(f"{name}: quiz {quiz.pk}", flush=True)
            finally:
                driver.quit()
    finally:
        server.terminate()
    print(f"{2 * len(WIDTHS) * len(PICKS)} screenshots, {total / 1024:.0f} KB in {out}")


if __name__ == "__main__":
    main()
