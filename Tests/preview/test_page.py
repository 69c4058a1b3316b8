"""The preview page in headless Chromium (scripts/test-preview.sh).

Checks what a person relies on: the page loads without console errors, shows the exact
frame named in the address, ArrowRight moves one frame, a save is shown without losing the
playhead, and an erroring save keeps the picture while listing the error. Pixels are read
from the displayed image through a canvas, so the colours asserted are what is on screen.
"""

import os
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

SCRIPT = """vedl 1
canvas 320x180 fps: 30 background: #101018
let bars = testpattern()
let second = color({colour})
track main {{
  clip bars duration: 1s
  clip {name} duration: 1s
}}
"""


def write(path, colour, name="second"):
    # As an editor saves: a new file moved into place.
    with open(path + ".tmp", "w") as f:
        f.write(SCRIPT.format(colour=colour, name=name))
    os.replace(path + ".tmp", path)


def centre_colour(driver):
    return driver.execute_script(
        """
        const img = document.getElementById('frame');
        if (!img.complete || img.naturalWidth === 0) return null;
        const c = document.createElement('canvas');
        c.width = img.naturalWidth; c.height = img.naturalHeight;
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        return Array.from(g.getImageData(c.width / 2, c.height / 2, 1, 1).data.slice(0, 3));
        """
    )


def main():
    folder = tempfile.mkdtemp(prefix="vedl-preview-page-")
    script = os.path.join(folder, "edit.vedl")
    write(script, "#0000FF")
    server = subprocess.Popen(
        [os.environ["VEDL_BIN"], "preview", "edit.vedl", "--no-open", "--port", "0"],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    driver = None
    try:
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        wait = WebDriverWait(driver, 30)

        def shown(frame):
            return wait.until(
                lambda d: d.find_element(By.ID, "frame").get_attribute("data-frame") == str(frame)
                and d.find_element(By.ID, "frame-number").text == str(frame)
            )

        driver.get(url + "#frame=40")
        shown(40)
        assert driver.find_element(By.ID, "timecode").text == "00:00:01:10"
        r, g, b = centre_colour(driver)
        assert b > 200 and r < 40 and g < 40, (r, g, b)
        assert driver.find_elements(By.CSS_SELECTOR, "#timeline svg"), "no timeline drawing"
        print("ok: frame 40 shown, blue, with the timeline")

        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        shown(41)
        assert driver.find_element(By.ID, "scrubber").get_attribute("value") == "41"
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        shown(39)
        print("ok: arrow keys step one frame")

        revision = driver.find_element(By.ID, "frame").get_attribute("data-revision")
        saved = time.time()
        write(script, "#00FF00")
        wait.until(lambda d: d.find_element(By.ID, "frame").get_attribute("data-revision") != revision)
        shown(39)
        r, g, b = centre_colour(driver)
        assert g > 200 and r < 40 and b < 40, (r, g, b)
        print(f"ok: a save is shown in {time.time() - saved:.2f} s, playhead kept at 39")

        write(script, "#FF0000", name="nowhere")
        wait.until(lambda d: "nowhere" in d.find_element(By.ID, "diagnostics").text)
        assert driver.find_element(By.ID, "errors").is_displayed()
        r, g, b = centre_colour(driver)
        assert g > 200, "the last good frame is kept"
        print("ok: an erroring save lists the error and keeps the last good frame")

        # The timeline is clickable: its middle is about the middle of the edit.
        box = driver.find_element(By.ID, "timeline-box")
        svg = driver.find_element(By.CSS_SELECTOR, "#timeline svg")
        assert box.is_displayed() and svg.size["width"] > 0

        severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert not severe, severe
        print("ok: no console errors")
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
    sys.exit(0)
