import { body, el, live, page } from './page.js';

// --- The screen stays on while a game is played (a phone that sleeps mid-round must be
// woken and unlocked to see the scores). The Screen Wake Lock API where the browser offers
// it (secure pages only: https, or this computer's 127.0.0.1); elsewhere (a phone on
// http://192.168.x.y, where browsers do not offer it) a muted, looping video of a tiny
// canvas drawn in the page, which a browser keeps the screen on for as it would for any
// playing video. Released when the game is over, when the page is hidden (taken again when
// it is shown), or after an hour with no change to the game; a switch under the card turns
// it off (remembered on this phone).
export function startWake() {
  const SWITCH = 'crowns:screen-on';
  const QUIET_MS = 60 * 60 * 1000;
  let lock = null;
  let video = null;
  let timer = null;
  let changedAt = Date.now();
  let seen = body.dataset.version || '';
  const on = () => {
    try {
      return window.localStorage.getItem(SWITCH) !== 'off';
    } catch (e) {
      return true;
    }
  };
  const box = el('input', { type: 'checkbox', checked: on() });
  const why = el('span', { className: 'why' });
  const toggle = el('label', { className: 'check awake' }, box, ' Keep the screen on during the game', why);
  live.after(toggle);
  const say = (how) => {
    body.dataset.awake = how;
    why.textContent = how === 'lock' || how === 'video' ? ' (on)' : '';
  };
  const playVideo = async () => {
    if (!video) {
      const canvas = el('canvas', { width: 16, height: 16 });
      const paint = canvas.getContext('2d');
      let tick = 0;
      // A frame a second: a stream whose canvas never changes sends no frames, and a video
      // without frames may count as stalled rather than playing.
      timer = setInterval(() => {
        tick += 1;
        paint.fillStyle = tick % 2 ? '#000001' : '#000000';
        paint.fillRect(0, 0, 16, 16);
      }, 1000);
      video = el('video', { muted: true, loop: true, playsInline: true, className: 'awake-video' });
      video.setAttribute('playsinline', '');
      video.setAttribute('aria-hidden', 'true');
      video.srcObject = canvas.captureStream(1);
      body.append(video);
    }
    await video.play();
  };
  const release = async () => {
    if (lock) {
      const held = lock;
      lock = null;
      await held.release().catch(() => {});
    }
    if (video) video.pause();
    say('off');
  };
  const wanted = () => on() && page.state && page.state.status === 'active' && !document.hidden &&
    Date.now() - changedAt < QUIET_MS;
  const update = async () => {
    // No game shown (the tables list, no game yet) or the game over: nothing to keep on.
    toggle.hidden = !page.state || page.state.status !== 'active';
    if (!wanted()) {
      await release();
      return;
    }
    if (lock && !lock.released) return say('lock');
    if (navigator.wakeLock) {
      try {
        lock = await navigator.wakeLock.request('screen');
        lock.addEventListener('release', () => { if (body.dataset.awake === 'lock') say('off'); });
        if (video) video.pause();
        return say('lock');
      } catch (e) {
        lock = null;  // refused (no permission, a battery saver): the video instead
      }
    }
    try {
      await playVideo();
      say('video');
    } catch (e) {
      say('failed');
    }
  };
  box.addEventListener('change', () => {
    try {
      window.localStorage.setItem(SWITCH, box.checked ? 'on' : 'off');
    } catch (e) {
      // Not remembered; it still holds for this page.
    }
    update();
  });
  document.addEventListener('crowns:card', () => {
    if (body.dataset.version !== seen) {
      seen = body.dataset.version;
      changedAt = Date.now();
    }
    update();
  });
  document.addEventListener('visibilitychange', update);
  // A tap anywhere: some browsers play a video only after one.
  document.addEventListener('click', () => { if (body.dataset.awake === 'failed') update(); });
  setInterval(update, 60 * 1000);
  update();
}
