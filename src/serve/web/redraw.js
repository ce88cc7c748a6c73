// The scorekeeper's forms on the page now, and how to draw them again. entry.js draws them
// (renderEntry) and hands its drawing here at the start; the modules below it (the writes, the
// round forms, the live card) ask for a redraw through here rather than importing entry.js,
// which imports them: the imports stay a tree, with no circle (test_serve_assets checks).

export const shown = { round: null, edit: null, undo: null };

let draw = () => {};
export const drawWith = (renderEntry) => {
  draw = renderEntry;
};
export const redraw = () => draw();
