import { startForm, undoForm } from './game-forms.js';
import { joinBasis, joinForm, qrForm, rematchForm, tiebreakForm } from './more-forms.js';
import { entry, page } from './page.js';
import { drawWith, shown } from './redraw.js';
import { editForm, roundForm } from './round-forms.js';
import { dropQuestion, message, pendingRound, store, typedKey } from './writes.js';

// Puts the forms in the entry, moving nothing that is already in place (a field being
// typed in keeps its focus and the phone's keyboard).
export const place = (nodes) => {
  const now = [...entry.children];
  if (now.length === nodes.length && now.every((n, i) => n === nodes[i])) return;
  entry.replaceChildren(...nodes);
};

export function renderEntry() {
  if (page.restarted) return;
  if (page.question && !page.question.applies()) dropQuestion();
  entry.hidden = false;
  if (!page.state) {
    shown.round = shown.edit = shown.undo = shown.join = shown.after = null;
    if (!shown.start || shown.start.game !== null) shown.start = startForm(true);
    else shown.start.refresh();
    place([message, shown.start.node]);
    return;
  }
  const over = page.state.status !== 'active';
  if (!shown.start || shown.start.game !== page.state.id) shown.start = startForm(over);
  // A tie not yet broken offers the tie-break; after a game, the rematch.
  const tieOpen = page.state.status === 'finished' && page.state.tied && !page.state.tiebreak;
  if (tieOpen) {
    if (!shown.tiebreak || shown.tiebreak.game !== page.state.id) shown.tiebreak = tiebreakForm();
  } else {
    shown.tiebreak = null;
    // Broken (here or by another phone): nothing typed for it is left to keep.
    if (page.state.tiebreak) store.write(typedKey(page.state.id, 'tiebreak'), null);
  }
  if (over) {
    if (!shown.after || shown.after.game !== page.state.id) shown.after = rematchForm();
  } else {
    shown.after = null;
  }
  if (page.state.status === 'active' && page.state.next) {
    if (!shown.join || shown.join.game !== page.state.id) shown.join = joinForm(null);
    else if (shown.join.basis !== joinBasis()) shown.join = joinForm(shown.join);
  } else {
    shown.join = null;
    // The game over: nobody is seated late any more; what was kept for it goes.
    if (page.state.status !== 'active') store.write(typedKey(page.state.id, 'join'), null);
  }
  if (page.state.status === 'active' && page.state.next) {
    const old = shown.round && shown.round.game === page.state.id ? shown.round : null;
    // Redrawn for the round now next, or for a player who joined (a seat more).
    // A write of this form still on its way (its answer lost) keeps the form as it is: the
    // round it recorded is its own, not one "recorded meanwhile".
    const held = old && pendingRound() === old.round;
    if (!held && (!old || old.round !== page.state.next.round || old.seats !== page.state.players.length)) {
      const carried = old ? old.typed() : null;
      shown.round = roundForm(carried, old && old.round !== page.state.next.round ? old.round : 0);
      // Carried to the round now next: no longer kept under the round recorded meanwhile.
      if (old && old.round !== page.state.next.round) store.write(typedKey(old.game, old.round), null);
    }
  } else {
    shown.round = null;
  }
  if (page.state.rounds.length > 0) {
    if (!shown.edit || shown.edit.game !== page.state.id || shown.edit.seats !== page.state.players.length) shown.edit = editForm();
    else shown.edit.update();
  } else {
    shown.edit = null;
  }
  if (page.state.undo) {
    if (!shown.undo) shown.undo = undoForm();
    else shown.undo.update();
  } else {
    shown.undo = null;
  }
  if (!shown.qr || shown.qr.game !== page.state.id) shown.qr = qrForm();
  shown.start.refresh();
  place([message, ...[shown.tiebreak, shown.after, shown.round, shown.join, shown.edit, shown.undo, shown.start, shown.qr]
    .filter(Boolean).map((f) => f.node)]);
}
drawWith(renderEntry);
