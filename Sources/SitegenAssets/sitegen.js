// sitegen's prefetcher: filled in by the browser-prefetcher issue.
(function () {
  'use strict';
  if (!('IntersectionObserver' in window) || !window.fetch) return;
})();
