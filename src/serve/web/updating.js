'use strict';
(() => {
  const note = document.getElementById('updating');
  if (!note) return;
  const look = async () => {
    try {
      const response = await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
      if (response.ok && response.headers.get('X-Crowns-Fresh') === 'yes') {
        note.textContent = 'Updated: loading the new page…';
        location.reload();
        return;
      }
    } catch (e) {
      // The server is away for a moment: look again.
    }
    setTimeout(look, 1000);
  };
  setTimeout(look, 1000);
})();
