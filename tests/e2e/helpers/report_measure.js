// Measures a crowns report as laid out in the browser (run by report_probe.py; its value is
// printed as "key value" lines). Counts what a reader cannot see.
(() => {
  const vw = document.documentElement.clientWidth;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const inViewport = (el) => {
    const r = el.getBoundingClientRect();
    return shown(el) && r.left >= -0.5 && r.right <= vw + 0.5;
  };
  // Inside its scrolling box (at scroll 0) and the viewport.
  const inBox = (el) => {
    const box = el.closest('.scroll');
    const r = el.getBoundingClientRect();
    const b = box ? box.getBoundingClientRect() : { left: 0, right: vw };
    return inViewport(el) && r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
  };
  const standingCells = [...document.querySelectorAll('#standings tbody td')];
  const recordRows = [...document.querySelectorAll('#records tbody tr')];
  const cards = [...document.querySelectorAll('article.game table.card')];
  // The cell of `row` under column `col` (cells spanning columns counted as such).
  const cellAt = (row, col) => {
    let at = 0;
    for (const cell of row.children) {
      if (col < at + cell.colSpan) return cell;
      at += cell.colSpan;
    }
    return null;
  };
  // The players' columns of a card: every header but the round, wild card and dealer.
  const playerColumns = (card) => [...card.querySelectorAll('thead th')]
    .map((th, col) => ({ th, col }))
    .filter(({ th }) => !['Rd', 'Wild', 'Dealer'].includes(th.textContent.trim()));
  // A card is readable when its first two players' (or its only player's) header, first-round
  // score and total are in view.
  let cardsShowingScores = 0;
  for (const card of cards) {
    const players = playerColumns(card).slice(0, 2);
    if (players.length === 0) continue;
    const needed = [];
    for (const { th, col } of players) {
      needed.push(th);
      const row = card.querySelector('tbody tr');
      if (row) needed.push(cellAt(row, col));
      needed.push(cellAt(card.querySelector('tfoot tr'), col));
    }
    if (needed.every((el) => el && inBox(el))) ++cardsShowingScores;
  }
  // Chart text as rendered: the font size times the SVG's scale.
  let smallestChartText = 999;
  let chartTexts = 0;
  for (const svg of document.querySelectorAll('figure svg[viewBox]')) {
    if (!shown(svg)) continue;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll('text')) {
      if (!text.textContent.trim()) continue;
      ++chartTexts;
      smallestChartText = Math.min(smallestChartText,
        parseFloat(getComputedStyle(text).fontSize) * scale);
    }
  }
  // Player headers cut short (an ellipsis or hidden overflow) or identical to another.
  const heads = cards.flatMap((card) => playerColumns(card).map(({ th }) => th));
  const cutHeads = heads.filter((th) => th.scrollWidth > th.clientWidth + 1
    || getComputedStyle(th).textOverflow === 'ellipsis').length;
  const text = document.body.innerText;
  return {
    viewport: vw,
    page_scroll_width: document.documentElement.scrollWidth,
    games: document.querySelectorAll('article.game').length,
    standing_rows: document.querySelectorAll('#standings tbody tr').length,
    standing_cells: standingCells.length,
    standing_cells_hidden: standingCells.filter((td) => !inViewport(td)).length,
    record_cells_hidden: recordRows.map((tr) => [tr.children[1], tr.children[2]])
      .flat().filter((td) => td.textContent.trim() && !inViewport(td)).length,
    cards: cards.length,
    cards_showing_scores: cardsShowingScores,
    cards_scrolling: [...document.querySelectorAll('.scroll')]
      .filter((box) => box.scrollWidth > box.clientWidth + 1).length,
    chart_texts: chartTexts,
    chart_text_px: Math.round(smallestChartText * 10) / 10,
    cut_headers: cutHeads,
    elements_from_names: document.querySelectorAll('img, script').length,
    terminal_text: /\\x[0-9a-f]{2}|crowns tiebreak|=VALUE/.test(text) ? 1 : 0,
  };
})()
