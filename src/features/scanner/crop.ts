// The source crop of a recognised position: a band of its page (the row's box plus a small margin)
// as an image, for the review step. Pure geometry shared by the server (scan.crop renders it) and the
// wizard (which sets the image's width and height before it loads, so nothing jumps).

/** Margin above and below the row's band, points. */
export const CROP_MARGIN_PT = 4;
/** The tallest band shown, points (a row joined over half a page shows its first part). */
export const CROP_MAX_BAND_PT = 160;
/** Pixels per point at most (144 DPI), and the widest image, pixels. */
export const CROP_SCALE = 2;
export const CROP_MAX_WIDTH_PX = 1600;

export interface CropGeometry {
  /** Top of the band in points, after the margin (0 = top of the page). */
  top: number;
  bottom: number;
  /** Pixels per point. */
  scale: number;
  /** The image: the page's full width, the band's height. */
  width: number;
  height: number;
  /** Offset of the band in pixels of the page rendered at `scale`. */
  y: number;
}

/** The band of a page (size in points as displayed) for a row from `top` to `bottom` (points); null when no such band lies on the page. */
export function cropGeometry(
  page: { width: number; height: number },
  top: number,
  bottom: number,
): CropGeometry | null {
  if (
    ![page.width, page.height, top, bottom].every(Number.isFinite) ||
    page.width <= 0 ||
    page.height <= 0
  )
    return null;
  if (top < 0 || bottom <= top || top >= page.height) return null;
  const t = Math.max(0, top - CROP_MARGIN_PT);
  const b = Math.min(page.height, bottom + CROP_MARGIN_PT, t + CROP_MAX_BAND_PT);
  const scale = Math.min(CROP_SCALE, CROP_MAX_WIDTH_PX / page.width);
  const width = Math.max(1, Math.floor(page.width * scale));
  const y = Math.floor(t * scale);
  const height = Math.max(
    1,
    Math.min(Math.ceil(b * scale) - y, Math.floor(page.height * scale) - y),
  );
  return { top: t, bottom: b, scale, width, height, y };
}
