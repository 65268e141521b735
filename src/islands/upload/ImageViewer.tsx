import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN } from '../../lib/constants.ts';
import {
  clampPan,
  panForKey,
  panGesture,
  wheelZoom,
  zoomBy,
  zoomForKey,
  type PanGesture,
  type Point,
} from '../../lib/preview.ts';

export interface ImageViewerProps {
  locale: Locale;
  name: string;
  url: string;
  onClose: () => void;
}

type View = { zoom: number; offset: Point };
const START: View = { zoom: IMAGE_ZOOM_MIN, offset: { x: 0, y: 0 } };
/** Trackpads send a burst of wheel events per swipe; one zoom step per this many ms. */
const WHEEL_GAP_MS = 80;

/**
 * The in-modal image preview (spec §9): zoom 1 to 4 with buttons, the wheel and + / - keys; a
 * zoomed image pans by dragging (only past 20 px, src/lib/preview.ts) or with the arrow keys.
 * Escape closes the preview, not the modal.
 */
export default function ImageViewer({ locale, name, url, onClose }: ImageViewerProps) {
  const t = useTranslations(locale);
  const [view, setView] = useState<View>(START);
  const frame = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const gesture = useRef<PanGesture | null>(null);
  const ids = useId();

  // The image's laid-out size (a transform does not change it): how far a zoomed image may move.
  const imageSize = () => ({
    width: image.current?.offsetWidth ?? 0,
    height: image.current?.offsetHeight ?? 0,
  });
  const viewOf = (zoom: number, offset: Point): View => ({
    zoom,
    offset: clampPan(offset, zoom, imageSize()),
  });
  const show = (zoom: number, offset = view.offset) => setView(viewOf(zoom, offset));

  useEffect(() => frame.current?.focus(), []);

  useEffect(() => {
    const node = frame.current;
    if (!node) return;
    let last = -Infinity;
    // A native listener: React's wheel listener is passive, and the page must not scroll instead.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.timeStamp - last < WHEEL_GAP_MS) return;
      last = event.timeStamp;
      setView((now) => viewOf(wheelZoom(now.zoom, event.deltaY), now.offset));
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
    // viewOf reads only refs, so the listener never goes stale.
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Handled here, so the dialog around us stays open.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    const zoom = zoomForKey(event.key, view.zoom);
    if (zoom !== null) {
      event.preventDefault();
      show(zoom);
      return;
    }
    const offset =
      view.zoom > IMAGE_ZOOM_MIN && event.target === frame.current && panForKey(event.key, view.offset);
    if (offset) {
      event.preventDefault();
      show(view.zoom, offset);
    }
  };

  const percent = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { style: 'percent' }).format(
    view.zoom,
  );
  const canZoomOut = view.zoom > IMAGE_ZOOM_MIN;
  const canZoomIn = view.zoom < IMAGE_ZOOM_MAX;
  const moved = view.offset.x !== 0 || view.offset.y !== 0;
  const { x, y } = view.offset;

  return (
    <div className="viewer" onKeyDown={onKeyDown}>
      <div className="viewer-head">
        <h3 className="viewer-title">{name}</h3>
        <button type="button" className="button button--quiet" onClick={onClose}>
          {t('upload.back')}
        </button>
      </div>
      <div
        ref={frame}
        className="viewer-frame"
        data-zoomed={canZoomOut ? '' : undefined}
        tabIndex={0}
        role="group"
        aria-label={t('upload.viewer', { name })}
        aria-describedby={`${ids}-help`}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          gesture.current = panGesture({ x: event.clientX, y: event.clientY }, view.offset);
        }}
        onPointerMove={(event) => {
          const next = gesture.current?.move({ x: event.clientX, y: event.clientY });
          if (next) show(view.zoom, next);
        }}
        onPointerUp={() => (gesture.current = null)}
        onPointerCancel={() => (gesture.current = null)}
      >
        <img
          ref={image}
          src={url}
          alt={name}
          draggable={false}
          // Set through the CSSOM by React (no style attribute in the HTML, so the CSP allows it).
          style={{ transform: `translate(${x}px, ${y}px) scale(${view.zoom})` }}
        />
      </div>
      <p id={`${ids}-help`} className="upload-hint">
        {t('upload.viewerHelp')}
      </p>
      <div className="viewer-tools">
        {/* aria-disabled, not disabled: focus stays on the button when it reaches 1 or 4. */}
        <button
          type="button"
          className="button button--quiet"
          aria-disabled={!canZoomOut}
          onClick={() => canZoomOut && show(zoomBy(view.zoom, -1))}
        >
          <span aria-hidden="true">−</span> {t('upload.zoomOut')}
        </button>
        <output className="viewer-zoom">{t('upload.zoom', { percent })}</output>
        <button
          type="button"
          className="button button--quiet"
          aria-disabled={!canZoomIn}
          onClick={() => canZoomIn && show(zoomBy(view.zoom, 1))}
        >
          <span aria-hidden="true">+</span> {t('upload.zoomIn')}
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-disabled={!canZoomOut && !moved}
          onClick={() => setView(START)}
        >
          {t('upload.zoomReset')}
        </button>
      </div>
    </div>
  );
}
