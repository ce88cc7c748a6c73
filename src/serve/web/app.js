// The page's script, in files by concern, each an ES module served by crowns-serve from the
// binary like every web file (no build step):
//   page.js         what every part shares: the page's elements, el(), the state it knows
//   redraw.js       the forms shown, and "draw them again" for the modules below entry.js
//   picker.js       the card picker (hand page, rounds typed as cards)
//   boards.js       the hand page and the leaderboard that follows every table
//   live.js         the live scorecard: the event stream, "not live", the table followed
//   wake.js         the screen kept on during a game
//   writes.js       sending a write (its id, a lost answer sent again), what was typed kept
//   game-forms.js   undo, the questions a write asks, start a game
//   round-forms.js  record a round, correct a round
//   more-forms.js   rematch, tie-break, a late arrival, the keeper's QR code
//   entry.js        the scorekeeper's forms, placed from the state
//   share.js        the result as a picture
//   clock.js        the time since the game started
// Each imports only modules listed above it, so the imports make no circle (test_serve_assets).
//
// The live scorecard (every page with #card) and the scorekeeper's forms (#entry, on the
// page opened with the scorekeeper's link). Every write carries what the person saw: the
// round the form showed, the round a correction was based on (was=), the change an undo
// names (change=); the server refuses (409) when it is no longer so, and the form redraws
// from the state it sends back, keeping what was typed.
import { startBoard, startHand } from './boards.js';
import { startClock } from './clock.js';
import { renderEntry } from './entry.js';
import { startLive } from './live.js';
import { card, entry } from './page.js';
import { startShare } from './share.js';
import { startWake } from './wake.js';
import { startWrites } from './writes.js';

startHand();
if (!startBoard() && card) {
  startLive();
  startWake();
  if (entry) {
    startWrites();
    renderEntry();
  }
}
startShare();
startClock();
