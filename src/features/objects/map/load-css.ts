// Adds a stylesheet to the page once and resolves when it has loaded. Used for the map libraries'
// CSS, which must not be linked from every page that merely could show a map.
const loading = new Map<string, Promise<void>>();

export function loadCss(href: string): Promise<void> {
  let p = loading.get(href);
  if (!p) {
    p = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      // A failed stylesheet must not keep the map from working (it still takes clicks).
      link.onload = link.onerror = () => resolve();
      document.head.append(link);
    });
    loading.set(href, p);
  }
  return p;
}
