/* global window, document */
// Applies the stored theme (light / dark / system) as a class on <html> before the app paints.
(function () {
  var preference = 'system';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') preference = stored;
  } catch {
    // Storage can be unavailable (privacy modes); fall back to the system preference.
  }
  var dark =
    preference === 'dark' ||
    (preference === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(dark ? 'dark' : 'light');
})();
