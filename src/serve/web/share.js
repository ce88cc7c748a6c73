
// --- Share the result (issue 39): a finished game's final standings as a picture made in the
// page (a canvas, no network), with the date and every player's total, ready for the group
// chat: the phone's share sheet where it takes files, else a picture to save.
export function startShare() {
  const card = document.getElementById('card');
  const stateNode = document.getElementById('state');
  if (!card || !stateNode) return;
  let state = null;
  try {
    state = JSON.parse(stateNode.textContent);
  } catch (e) {
    state = null;
  }
  const make = (tag, props, ...children) => {
    const node = Object.assign(document.createElement(tag), props || {});
    node.append(...children);
    return node;
  };
  const section = make('section', { id: 'share', hidden: true });
  section.setAttribute('aria-label', 'share the result');
  const button = make('button', { type: 'button' }, 'Share the result as a picture');
  const status = make('p', { className: 'meta', role: 'status' });
  const preview = make('div', { className: 'share-preview' });
  section.append(button, status, preview);
  (document.getElementById('live') || card).after(section);

  // The standings, best first, in the one order of finish the server sends (state.places,
  // crowns::finishing_places: a tie broken by the tie-break): the picture derives nothing.
  const standings = (s) => {
    const rows = s.players.map((name, seat) => ({
      name, seat, total: s.totals[name], won: s.winners.includes(name), place: s.places[name],
      tiebreak: s.tiebreak && s.tiebreak[name] !== undefined ? s.tiebreak[name] : null,
    }));
    rows.sort((a, b) => a.place - b.place || a.seat - b.seat);
    return rows;
  };
  // Who won the tie-break, in words: "Bob won the tie-break (0; Ann 10, Cy 20)".
  const tiebreakLine = (rows) => {
    const played = rows.filter((r) => r.tiebreak !== null);
    if (played.length === 0) return '';
    const won = played.filter((r) => r.won).map((r) => r.name);
    if (won.length === 0) return '';
    const rest = played.filter((r) => !r.won).map((r) => r.name + ' ' + r.tiebreak).join(', ');
    return (won.length === 1 ? won[0] + ' won' : won.join(' and ') + ' shared') + ' the tie-break (' +
      played.find((r) => r.won).tiebreak + (rest ? '; ' + rest : '') + ')';
  };
  const lengthText = (seconds) => {
    if (seconds < 60) return seconds + ' s';
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return minutes + ' min';
    return Math.floor(minutes / 60) + ' h ' + String(minutes % 60).padStart(2, '0') + ' min';
  };
  // Draws the picture: 1080 px wide, a row per player.
  const picture = (s) => {
    const rows = standings(s);
    const broken = tiebreakLine(rows);
    const canvas = document.createElement('canvas');
    canvas.width = 1080;
    canvas.height = 330 + rows.length * 96 + (broken ? 70 : 0);
    const g = canvas.getContext('2d');
    g.fillStyle = '#14213d';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#fca311';
    g.font = 'bold 64px sans-serif';
    g.fillText('Five Crowns', 60, 110);
    g.fillStyle = '#e5e5e5';
    g.font = '36px sans-serif';
    const length = typeof s.duration_s === 'number' ? ' \u00b7 ' + lengthText(s.duration_s) : '';
    g.fillText(s.date + ' \u00b7 game ' + s.id + length, 60, 170);
    rows.forEach((row, i) => {
      const y = 270 + i * 96;
      g.fillStyle = row.won ? '#fca311' : '#ffffff';
      g.font = (row.won ? 'bold ' : '') + '48px sans-serif';
      g.fillText(row.place + '.', 60, y);
      const name = row.name.length > 24 ? row.name.slice(0, 23) + '\u2026' : row.name;
      g.fillText(name + (row.won ? '  \u265b' : ''), 150, y);
      g.textAlign = 'right';
      g.fillText(String(row.total), canvas.width - 60, y);
      g.textAlign = 'left';
    });
    if (broken) {
      g.fillStyle = '#fca311';
      g.font = '34px sans-serif';
      g.fillText(broken.length > 52 ? broken.slice(0, 51) + '\u2026' : broken, 60, 270 + rows.length * 96);
    }
    g.fillStyle = '#8d99ae';
    g.font = '28px sans-serif';
    g.fillText('lowest total wins' + (broken ? ', then the tie-break' : ''), 60, canvas.height - 40);
    return canvas;
  };
  const show = () => {
    section.hidden = !(state && state.status === 'finished');
    preview.replaceChildren();
    status.textContent = '';
  };
  button.addEventListener('click', () => {
    if (!state || state.status !== 'finished') return;
    const name = 'crowns-game-' + state.id + '.png';
    const canvas = picture(state);
    // A data: URL, which the page's policy lets an image show (no blob:, no network).
    const url = canvas.toDataURL('image/png');
    const img = make('img', { src: url, alt: 'Final standings of game ' + state.id + ', ' + state.date });
    const save = make('a', { href: url, download: name, className: 'button' }, 'Save the picture');
    preview.replaceChildren(img, save);
    status.textContent = 'The picture is below: save it, or hold it to share.';
    if (!navigator.canShare) return;
    canvas.toBlob(async (blob) => {
      const file = blob && new File([blob], name, { type: 'image/png' });
      if (!file || !navigator.canShare({ files: [file] })) return;
      try {
        await navigator.share({ files: [file], title: 'Five Crowns, ' + state.date });
        status.textContent = 'Shared.';
      } catch (e) {
        // Dismissed: the picture stays below to save.
      }
    }, 'image/png');
  });
  document.body.addEventListener('crowns-state', (event) => {
    state = event.detail;
    show();
  });
  show();
}
