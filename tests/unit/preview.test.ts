import { describe, expect, it } from 'vitest';
import {
  clampPan,
  clampZoom,
  panForKey,
  panGesture,
  passedDragThreshold,
  wheelZoom,
  zoomBy,
  zoomForKey,
} from '@/lib/preview.ts';
import { IMAGE_DRAG_THRESHOLD_PX, IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN } from '@/lib/constants.ts';

describe('image preview zoom (spec §9: 1 to 4)', () => {
  it('the spec figures are the constants the viewer uses', () => {
    expect([IMAGE_ZOOM_MIN, IMAGE_ZOOM_MAX, IMAGE_DRAG_THRESHOLD_PX]).toEqual([1, 4, 20]);
  });

  it('zoom never leaves 1 to 4', () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(9)).toBe(4);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('six steps of zoom in go from 1 to 4 and a seventh stays at 4', () => {
    let zoom = 1;
    const seen: number[] = [];
    for (let i = 0; i < 7; i++) seen.push((zoom = zoomBy(zoom, 1)));
    expect(seen).toEqual([1.5, 2, 2.5, 3, 3.5, 4, 4]);
    expect(zoomBy(1, -1)).toBe(1);
  });

  it('+ and = zoom in, - zooms out, 0 resets, other keys do nothing', () => {
    expect(zoomForKey('+', 1)).toBe(1.5);
    expect(zoomForKey('=', 1)).toBe(1.5);
    expect(zoomForKey('-', 2)).toBe(1.5);
    expect(zoomForKey('-', 1)).toBe(1);
    expect(zoomForKey('+', 4)).toBe(4);
    expect(zoomForKey('0', 3)).toBe(1);
    expect(zoomForKey('a', 2)).toBeNull();
  });

  it('a wheel turn is one step whatever its delta: up in, down out', () => {
    expect(wheelZoom(2, -3)).toBe(2.5);
    expect(wheelZoom(2, -480)).toBe(2.5);
    expect(wheelZoom(2, 100)).toBe(1.5);
    expect(wheelZoom(2, 0)).toBe(2);
    expect(wheelZoom(4, -100)).toBe(4);
  });
});

describe('image preview drag (spec §9: a drag starts past 20 px)', () => {
  it('20 px or less is still a click; more is a drag, in any direction', () => {
    expect(passedDragThreshold(20, 0)).toBe(false);
    expect(passedDragThreshold(12, 16)).toBe(false);
    expect(passedDragThreshold(0, -21)).toBe(true);
    expect(passedDragThreshold(15, 15)).toBe(true);
  });

  it('nothing moves until the pointer passes 20 px, then the image follows it from the grab point', () => {
    const gesture = panGesture({ x: 100, y: 100 }, { x: 10, y: 0 });
    expect(gesture.move({ x: 110, y: 110 })).toBeNull();
    expect(gesture.dragging).toBe(false);
    expect(gesture.move({ x: 130, y: 100 })).toEqual({ x: 40, y: 0 });
    expect(gesture.dragging).toBe(true);
    // Once dragging, small moves follow too (the threshold applies only to starting).
    expect(gesture.move({ x: 105, y: 100 })).toEqual({ x: 15, y: 0 });
  });

  it('a zoomed image moves at most until its edge meets the frame; at zoom 1 it stays centred', () => {
    const frame = { width: 400, height: 300 };
    expect(clampPan({ x: 500, y: -500 }, 2, frame)).toEqual({ x: 200, y: -150 });
    expect(clampPan({ x: 50, y: 20 }, 2, frame)).toEqual({ x: 50, y: 20 });
    expect(clampPan({ x: 50, y: 20 }, 1, frame)).toEqual({ x: 0, y: 0 });
    expect(clampPan({ x: 9999, y: 0 }, 4, frame)).toEqual({ x: 600, y: 0 });
  });

  it('arrow keys move a zoomed image by 40 px; other keys do nothing', () => {
    expect(panForKey('ArrowLeft', { x: 0, y: 0 })).toEqual({ x: 40, y: 0 });
    expect(panForKey('ArrowDown', { x: 0, y: 0 })).toEqual({ x: 0, y: -40 });
    expect(panForKey('Enter', { x: 0, y: 0 })).toBeNull();
  });
});
