/**
 * Rules of the image preview in the upload modal (spec §9 "Image preview zoom": 1 to 4; a drag
 * starts only after the pointer moved more than 20 px). Framework-free; islands/upload renders it.
 */
import { IMAGE_DRAG_THRESHOLD_PX, IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN } from './constants.ts';

export interface Point {
  x: number;
  y: number;
}

/** One press of a zoom button or key: half the image size, so 1 to 4 takes six steps. */
export const ZOOM_STEP = 0.5;
/** How far an arrow key moves a zoomed image, in screen pixels. */
export const PAN_STEP_PX = 40;

/**
 * A zoom level kept within 1 to 4.
 * @example clampZoom(5) // 4
 */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return IMAGE_ZOOM_MIN;
  return Math.min(IMAGE_ZOOM_MAX, Math.max(IMAGE_ZOOM_MIN, zoom));
}

/**
 * The zoom after `steps` presses of zoom in (positive) or zoom out (negative).
 * @example zoomBy(1, 2) // 2
 */
export function zoomBy(zoom: number, steps: number): number {
  return clampZoom(Math.round((zoom + steps * ZOOM_STEP) * 100) / 100);
}

/**
 * The zoom a wheel turn asks for: up zooms in, down zooms out, one step per notch whatever
 * the device's delta (trackpads send many small ones, which would otherwise race to 4).
 * @example wheelZoom(2, -120) // 2.5
 */
export function wheelZoom(zoom: number, deltaY: number): number {
  if (deltaY === 0) return zoom;
  return zoomBy(zoom, deltaY < 0 ? 1 : -1);
}

/**
 * The zoom a key asks for: `+` (or `=`, its unshifted key) in, `-` out, `0` back to 1;
 * null for any other key.
 * @example zoomForKey('+', 1) // 1.5
 */
export function zoomForKey(key: string, zoom: number): number | null {
  if (key === '+' || key === '=' || key === 'Add') return zoomBy(zoom, 1);
  if (key === '-' || key === '_' || key === 'Subtract') return zoomBy(zoom, -1);
  if (key === '0') return IMAGE_ZOOM_MIN;
  return null;
}

/**
 * Whether a pointer that went down and moved by (dx, dy) is dragging: only past 20 px, so a
 * click or a shaky tap never moves the image.
 * @example passedDragThreshold(12, 16) // false (20 px exactly is still a click)
 */
export function passedDragThreshold(dx: number, dy: number, threshold = IMAGE_DRAG_THRESHOLD_PX): boolean {
  return Math.hypot(dx, dy) > threshold;
}

/**
 * The offset that keeps a zoomed image covering its frame: at zoom z an image of the frame's size
 * may move (z - 1) / 2 of the frame each way; at zoom 1 it stays centred.
 * @example clampPan({ x: 500, y: 0 }, 2, { width: 400, height: 300 }) // { x: 200, y: 0 }
 */
export function clampPan(offset: Point, zoom: number, frame: { width: number; height: number }): Point {
  const limit = (value: number, size: number) => {
    const reach = ((clampZoom(zoom) - 1) * size) / 2;
    return Math.min(reach, Math.max(-reach, value)) || 0;
  };
  return { x: limit(offset.x, frame.width), y: limit(offset.y, frame.height) };
}

/**
 * The pan an arrow key asks for (by PAN_STEP_PX), or null for any other key.
 * @example panForKey('ArrowLeft', { x: 0, y: 0 }) // { x: 40, y: 0 }: the image moves to show its left part
 */
export function panForKey(key: string, offset: Point): Point | null {
  const moves: Record<string, Point> = {
    ArrowLeft: { x: PAN_STEP_PX, y: 0 },
    ArrowRight: { x: -PAN_STEP_PX, y: 0 },
    ArrowUp: { x: 0, y: PAN_STEP_PX },
    ArrowDown: { x: 0, y: -PAN_STEP_PX },
  };
  const move = moves[key];
  return move ? { x: offset.x + move.x, y: offset.y + move.y } : null;
}

export interface PanGesture {
  /** The offset for the pointer at `point`, or null while it has not passed the threshold. */
  move(point: Point): Point | null;
  /** Whether the pointer has dragged (then its release is not a click). */
  readonly dragging: boolean;
}

/**
 * Follows one press: nothing moves until the pointer is more than 20 px from where it went down;
 * from then on the image follows the pointer from where it was grabbed (no jump of 20 px).
 * @example const g = panGesture({ x: 0, y: 0 }, { x: 0, y: 0 }); g.move({ x: 10, y: 0 }) // null
 */
export function panGesture(start: Point, origin: Point): PanGesture {
  let dragging = false;
  return {
    move(point) {
      const dx = point.x - start.x;
      const dy = point.y - start.y;
      if (!dragging && !passedDragThreshold(dx, dy)) return null;
      dragging = true;
      return { x: origin.x + dx, y: origin.y + dy };
    },
    get dragging() {
      return dragging;
    },
  };
}
