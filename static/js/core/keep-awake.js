// Keeps the phone's screen on while its player is in a game: `keepAwake(true | false)`.
//
// 1. The Screen Wake Lock API where the browser offers it. It only exists in secure contexts
//    (https, localhost), and phones reach the laptop over plain http://192.168.x.x, so:
// 2. Otherwise a tiny silent video of our own (static/media/keep-awake.*, see its README) plays
//    while we want the screen on: browsers keep the screen on while a video plays. Each engine
//    has its own rule for that, and the video is shaped to meet all three:
//    - Blink (Chrome, Samsung Internet; VideoWakeLock): playing, with a video track, on a visible
//      page, and either audible or at least 75 % on screen and over 20 % of the viewport. Ours
//      plays muted, so it covers the whole viewport, behind the page, at 1 % opacity.
//    - Gecko (Firefox; HTMLVideoElement::ShouldCreateVideoWakeLock): it needs an audio track
//      (video without sound "is often used as a background image"): the files carry silence.
//    - WebKit (Safari, every browser on iOS; HTMLMediaElement::shouldDisableSleep): playing, not
//      `loop`, with audio, not muted, volume > 0. So it loops by seeking back, never with
//      `loop`, and on WebKit it plays unmuted (the track is silence, nothing is heard).
//    A browser may refuse play() until the user has touched the page (always for unmuted
//    media): the first tap anywhere (Entrar, a card, …) plays it once, which unlocks the element
//    for later, and pauses it again if the game has not started yet.
// The video pauses when the game ends and while the page is hidden, and resumes on return.

const WEBKIT = /Apple/.test(navigator.vendor || "");   // Safari, and every browser on iOS
const GESTURES = ["click", "touchend", "keydown"];
const MEDIA = [
  ["keep-awake.mp4", 'video/mp4; codecs="avc1.42C01E, mp4a.40.2"'],
  ["keep-awake.webm", 'video/webm; codecs="vp8, opus"'],
];

let wanted = false;
let lock = null;          // the WakeLockSentinel we hold
let pending = null;       // a wake lock request in flight
let lockFailed = false;   // the API is there but said no (WebKit without a tap, battery saver, …)
let video = null;
let armed = false;        // listening for the next tap, to call play() inside it

export function keepAwake(want) {
  want = !!want;
  if (want && !wanted) lockFailed = false;   // a new game: try the real lock again
  wanted = want;
  update();
}

const visible = () => document.visibilityState === "visible";
const needed = () => wanted && visible() && !lock;

function update() {
  if (!wanted || !visible()) {
    if (lock) {
      const sentinel = lock;
      lock = null;
      sentinel.release().catch(() => {});
    }
    pauseVideo();
    return;
  }
  if (lock) {
    pauseVideo();
    return;
  }
  if ("wakeLock" in navigator && !lockFailed) {
    pending ??= navigator.wakeLock.request("screen").then((sentinel) => {
      lock = sentinel;
      sentinel.addEventListener("release", () => {
        if (lock !== sentinel) return;
        lock = null;   // taken back while we still want it (not for hiding): use the video
        if (needed()) { lockFailed = true; update(); }
      });
    }, () => { lockFailed = true; }).finally(() => { pending = null; update(); });
    return;
  }
  playVideo();
}

function videoElement() {
  if (video) return video;
  video = document.createElement("video");
  video.id = "keep-awake-video";
  video.muted = video.defaultMuted = !WEBKIT;
  video.playsInline = true;
  video.setAttribute("webkit-playsinline", "");
  video.setAttribute("disablepictureinpicture", "");
  video.setAttribute("disableremoteplayback", "");
  video.setAttribute("aria-hidden", "true");
  video.tabIndex = -1;
  video.preload = "auto";
  // The whole viewport (Blink's size and visibility thresholds), behind the page, untouchable.
  Object.assign(video.style, {
    position: "fixed", inset: "0", width: "100%", height: "100%", objectFit: "cover",
    opacity: "0.01", zIndex: "-1", pointerEvents: "none",
  });
  for (const [file, type] of MEDIA) {
    const source = document.createElement("source");
    source.src = new URL(`../../media/${file}`, import.meta.url).href;
    source.type = type;
    video.append(source);
  }
  // Loop by seeking back before the end: WebKit lets the screen sleep for a `loop` video.
  video.addEventListener("timeupdate", () => {
    if (video.duration > 1 && video.currentTime > video.duration - 0.5) video.currentTime = 0;
  });
  video.addEventListener("ended", () => {
    video.currentTime = 0;
    if (needed()) playVideo();
  });
  document.body.append(video);
  return video;
}

function playVideo() {
  const element = videoElement();
  if (!element.paused) return;
  element.play().then(() => {
    disarm();
    if (!needed()) element.pause();   // a tap before the game only unlocks it for later
  }, () => {
    arm();   // not allowed yet (no tap) or interrupted: try again on the next tap
  });
}

function pauseVideo() {
  if (video && !video.paused) video.pause();
}

// ----- the first tap ----------------------------------------------------------------------------

function onGesture() {
  playVideo();   // inside the tap, where play() is allowed; it disarms once the video has played
}

function arm() {
  if (armed) return;
  armed = true;
  for (const type of GESTURES) document.addEventListener(type, onGesture, true);
}

function disarm() {
  if (!armed) return;
  armed = false;
  for (const type of GESTURES) document.removeEventListener(type, onGesture, true);
}

document.addEventListener("visibilitychange", update);
if (!("wakeLock" in navigator)) arm();
