import Foundation

/// A real headless Chromium, driven through Selenium and Debian's chromedriver.
///
/// A test gives a list of steps; the browser carries them out in one session
/// and returns what each `eval` step's script returned, as JSON:
///
/// ```swift
/// let results = try await Browser.run([.open(url), .evaluate("return document.title")])
/// ```
public enum Browser {
    /// Whether Chromium, its driver and Selenium are installed (`.ci/run` installs them).
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && ExternalTool.pythonHas("selenium")
    }

    /// One thing to do in the browser.
    public enum Step: Sendable {
        /// Opens a URL.
        case open(String)
        /// Sets the window's size in CSS pixels.
        case windowSize(width: Int, height: Int)
        /// Emulates the system's colour scheme, `light` or `dark`: the page shown now takes it, and those opened after it.
        case colorScheme(String)
        /// Creates an empty file at the path: tells the test that the browser is up (it holds the one browser slot).
        case touch(String)
        /// Waits, at most `timeout` seconds, until the file at the path holds a URL, then opens it: for a page whose
        /// server the test starts only once the browser is up.
        case openURL(inFile: String, timeout: Double)
        /// Runs a script (its `return` value is kept).
        case evaluate(String)
        /// Waits until a script returns true, for at most `timeout` seconds.
        case waitUntil(String, timeout: Double)
        /// Moves the pointer over an element, at a fraction of its width and height from its top-left corner.
        case hover(selector: String, x: Double, y: Double)
        /// Clicks an element.
        case click(String)
        /// Puts a file into a file input.
        case chooseFile(selector: String, path: String)
        /// Sends a key (`ArrowRight`, `Tab`, …) to the focused element.
        case key(String)
        /// Saves a screenshot of the viewport as PNG.
        case screenshot(String)

        var json: [String: Any] {
            switch self {
            case .open(let url): ["open": url]
            case .windowSize(let width, let height): ["size": [width, height]]
            case .colorScheme(let scheme): ["scheme": scheme]
            case .touch(let path): ["touch": path]
            case .openURL(let path, let timeout): ["openfile": path, "timeout": timeout]
            case .evaluate(let script): ["eval": script]
            case .waitUntil(let script, let timeout): ["wait": script, "timeout": timeout]
            case .hover(let selector, let x, let y): ["hover": selector, "x": x, "y": y]
            case .click(let selector): ["click": selector]
            case .chooseFile(let selector, let path): ["file": selector, "path": path]
            case .key(let key): ["key": key]
            case .screenshot(let path): ["screenshot": path]
            }
        }
    }

    /// Carries out `steps` and returns each `evaluate` step's result, in order.
    ///
    /// The browser runs for as long as its steps take (a live page's, half a
    /// minute): it is waited for on a thread of its own, never on one of the
    /// two cooperative threads other tests' timers need.
    /// - Throws: ``BrowserError`` with the driver's message when a step fails.
    public static func run(_ steps: [Step]) async throws -> [Any] {
        // The steps in a file: any number of them, however long their scripts (a command line has a limit).
        let file = Scratch.url("browser-steps", extension: "json")
        try JSONSerialization.data(withJSONObject: steps.map(\.json)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // One browser at a time: two Chromiums on two cores slow every timing-sensitive test beside them. A heavy test
        // lends its slot to the others while it waits for the browser.
        await HeavySlots.lendingSlot { await gate.acquire() }
        let output: ExternalTool.Output
        do {
            output = try await offThePool { try ExternalTool.python(driver, [file.path]) }
        } catch {
            await gate.release()
            throw error
        }
        await gate.release()
        guard output.status == 0, let results = try? JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [Any] else {
            throw BrowserError(description: "the browser failed (status \(output.status)):\n\(output.standardError)\n\(output.standardOutput)")
        }
        return results
    }

    private static let gate = Gate()

    /// Lets one holder through at a time, in order of arrival.
    private actor Gate {
        private var held = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func acquire() async {
            if !held {
                held = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
        }
    }

    private static let driver = """
        import json, os, sys, time
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        o = Options()
        for a in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--window-size=1200,900']: o.add_argument(a)
        o.binary_location = '/usr/bin/chromium'
        d = webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=o)
        results = []
        try:
            for step in json.load(open(sys.argv[1])):
                if 'open' in step: d.get(step['open'])
                elif 'size' in step: d.set_window_size(*step['size'])
                elif 'touch' in step: open(step['touch'], 'w').close()
                elif 'openfile' in step:
                    end = time.time() + step['timeout']
                    while not (os.path.exists(step['openfile']) and open(step['openfile']).read().strip()):
                        if time.time() > end: raise Exception('timed out waiting for a URL in ' + step['openfile'])
                        time.sleep(0.1)
                    d.get(open(step['openfile']).read().strip())
                elif 'scheme' in step: d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-color-scheme', 'value': step['scheme']}]})
                elif 'eval' in step: results.append(d.execute_script(step['eval']))
                elif 'wait' in step:
                    end = time.time() + step['timeout']
                    while not d.execute_script(step['wait']):
                        if time.time() > end: raise Exception('timed out waiting for: ' + step['wait'])
                        time.sleep(0.1)
                elif 'hover' in step:
                    e = d.find_element(By.CSS_SELECTOR, step['hover'])
                    r = e.rect
                    ActionChains(d).move_to_element_with_offset(e, int(r['width'] * (step['x'] - 0.5)), int(r['height'] * (step['y'] - 0.5))).perform()
                elif 'click' in step: d.find_element(By.CSS_SELECTOR, step['click']).click()
                elif 'file' in step: d.find_element(By.CSS_SELECTOR, step['file']).send_keys(step['path'])
                elif 'key' in step: ActionChains(d).send_keys(getattr(Keys, {'ArrowRight': 'ARROW_RIGHT', 'ArrowLeft': 'ARROW_LEFT', 'Tab': 'TAB', 'End': 'END', 'Home': 'HOME', 'Enter': 'ENTER'}[step['key']])).perform()
                elif 'screenshot' in step: d.save_screenshot(step['screenshot'])
            print(json.dumps(results))
        finally:
            d.quit()
        """
}
