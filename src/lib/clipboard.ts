import type { Translate } from '../i18n/index.ts';
import { showToast } from './toast.ts';

/** The clipboard API or a stand-in (tests). */
export interface ClipboardLike {
  writeText(text: string): Promise<void>;
}

/**
 * Copies text and tells the user (spec §5): empty after trimming -> 复制的内容不能为空！;
 * success -> 复制成功！; failure -> 复制失败 or 复制失败：{reason}. Resolves to whether it copied.
 */
export async function copyText(
  text: string,
  t: Translate,
  clipboard: ClipboardLike | undefined = globalThis.navigator?.clipboard,
): Promise<boolean> {
  if (!text.trim()) {
    showToast(t('clipboard.empty'), { kind: 'error' });
    return false;
  }
  try {
    if (!clipboard) throw new Error('');
    await clipboard.writeText(text);
    showToast(t('clipboard.success'), { kind: 'success' });
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    showToast(reason ? t('clipboard.failedReason', { reason }) : t('clipboard.failed'), { kind: 'error' });
    return false;
  }
}
