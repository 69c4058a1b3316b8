"""The preview page in headless Firefox (scripts/test-preview.sh).

Debian has no geckodriver, so Firefox is driven through its own remote protocol, Marionette
(PyPI `marionette-driver`, Mozilla's client). The checks are the Chromium test's
(test_page.py): the exact frame named in the address, ArrowRight moves one frame, a save is
shown without losing the playhead, an erroring save keeps the picture and lists the error,
and no script error reaches the console (Firefox prints content console messages on stdout
with `devtools.console.stdout.content`, read after the run).
"""

import os
import socket
import subprocess
import sys
import tempfile
import time

from marionette_driver import By, Wait
from marionette_driver.keys import Keys
from marionette_driver.marionette import Marionette

from test_page import centre_colour, write

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    folder = tempfile.mkdtemp(prefix="vedl-preview-firefox-")
    script = os.path.join(folder, "edit.vedl")
    write(script, "#0000FF")
    server = subprocess.Popen(
        [os.environ["VEDL_BIN"], "preview", "edit.vedl", "--no-open", "--port", "0"],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    profile = os.path.join(folder, "profile")
    os.makedirs(profile)
    port = free_port()
    with open(os.path.join(profile, "user.js"), "w") as f:
        f.write('user_pref("marionette.port", %d);\n' % port)
        f.write('user_pref("devtools.console.stdout.content", true);\n')
        f.write('user_pref("browser.shell.checkDefaultBrowser", false);\n')
        f.write('user_pref("datareporting.policy.dataSubmissionEnabled", false);\n')
    console_path = os.path.join(folder, "firefox.log")
    console = open(console_path, "w")
    firefox = subprocess.Popen(
        ["firefox-esr", "--headless", "--marionette", "--no-remote", "--profile", profile],
        stdout=console, stderr=subprocess.STDOUT,
    )
    client = None
    try:
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        client = Marionette(host="127.0.0.1", port=port, startup_timeout=60)
        client.start_session()
        wait = Wait(client, timeout=30)

        def number(frame):
            return client.find_element(By.ID, "frame").get_attribute("data-frame") == str(frame) and (
                client.find_element(By.ID, "frame-number").text == str(frame)
            )

        def shown(frame):
            wait.until(lambda _: number(frame))

        client.navigate(url + "#frame=40")
        shown(40)
        assert client.find_element(By.ID, "timecode").text == "00:00:01:10"
        r, g, b = centre_colour(client)
        assert b > 200 and r < 40 and g < 40, (r, g, b)
        assert client.find_elements(By.CSS_SELECTOR, "#timeline svg"), "no timeline drawing"
        print("ok (firefox): frame 40 shown, blue, with the timeline")

        body = client.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_RIGHT)
        shown(41)
        assert client.find_element(By.ID, "scrubber").get_property("value") == "41"
        body.send_keys(Keys.ARROW_LEFT)
        body.send_keys(Keys.ARROW_LEFT)
        shown(39)
        print("ok (firefox): arrow keys step one frame")

        revision = client.find_element(By.ID, "frame").get_attribute("data-revision")
        saved = time.time()
        write(script, "#00FF00")
        wait.until(lambda _: client.find_element(By.ID, "frame").get_attribute("data-revision") != revision)
        shown(39)
        r, g, b = centre_colour(client)
        assert g > 200 and r < 40 and b < 40, (r, g, b)
        print(f"ok (firefox): a save is shown in {time.time() - saved:.2f} s, playhead kept at 39")

        write(script, "#FF0000", name="nowhere")
        wait.until(lambda _: "nowhere" in client.find_element(By.ID, "diagnostics").text)
        assert client.find_element(By.ID, "errors").is_displayed()
        r, g, b = centre_colour(client)
        assert g > 200, "the last good frame is kept"
        print("ok (firefox): an erroring save lists the error and keeps the last good frame")
        # A probe proves the console reaches the log: the check below could not pass vacuously.
        client.execute_script("window.setTimeout(() => console.error('vedl-console-probe'), 0);", sandbox=None)
        time.sleep(0.5)
    finally:
        if client is not None:
            try:
                client.delete_session()
            except Exception:
                pass
        firefox.terminate()
        try:
            firefox.wait(timeout=20)
        except subprocess.TimeoutExpired:
            firefox.kill()
        console.close()
        server.terminate()
        server.wait(timeout=10)

    # Content console lines are "console.error: …" / "JavaScript error: …" on Firefox's stdout.
    # Firefox's own modules log too (e.g. "RSLoader", remote settings offline; errors in
    # resource:// and chrome:// modules): everything else is the page's.
    with open(console_path) as f:
        log = f.read()
    assert "vedl-console-probe" in log, "the console does not reach the log"
    errors = [
        line for line in log.splitlines()
        if ("JavaScript error" in line and "resource://" not in line and "chrome://" not in line)
        or (line.startswith("console.error") and "RSLoader" not in line and "vedl-console-probe" not in line)
    ]
    assert not errors, errors
    print("ok (firefox): no console errors")


if __name__ == "__main__":
    main()
    sys.exit(0)
