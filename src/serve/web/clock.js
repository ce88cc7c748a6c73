// --- During a game, the time since it started (issue 39) goes on by itself, not only when the
// card changes: the server's elapsed_s when the card came, plus the time this page has
// counted since (a phone's clock may be set wrong; the time passing on it is not). Its words
// are the server's (store::timeline::length_text: "45 s", "12 min", "2 h 05 min").
export function startClock() {
  const stateNode = document.getElementById('state');
  if (!stateNode) return;
  let base = null;  // { elapsed: seconds at `at`, at: this page's clock then }
  const lengthText = (seconds) => {
    if (seconds < 60) return Math.max(seconds, 0) + ' s';
    const minutes = Math.floor((seconds + 30) / 60);
    if (minutes < 60) return minutes + ' min';
    const m = minutes % 60;
    return Math.floor(minutes / 60) + ' h ' + (m < 10 ? '0' : '') + m + ' min';
  };
  const tick = () => {
    const node = document.getElementById('game-time');
    if (!node || !base) return;
    const text = node.textContent;
    const rest = text.indexOf(' so far');
    if (!text.startsWith('Time: ') || rest < 0) return;
    const seconds = base.elapsed + Math.floor((Date.now() - base.at) / 1000);
    const next = 'Time: ' + lengthText(seconds) + text.slice(rest);
    if (next !== text) node.textContent = next;
  };
  const take = (state) => {
    base = state && typeof state.elapsed_s === 'number' ? { elapsed: state.elapsed_s, at: Date.now() } : null;
    tick();
  };
  try {
    take(JSON.parse(stateNode.textContent));
  } catch (e) {
    base = null;
  }
  document.body.addEventListener('crowns-state', (event) => take(event.detail));
  setInterval(tick, 1000);
}
