import { useStore } from '@nanostores/react';
import type { SearchUnderstood } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { roleLabel } from '../../lib/format.ts';
import { $chat } from '../../lib/stores/chat.ts';
import { answerChips, canRemove, removeChip, switchRole } from '../../lib/stores/chips.ts';

const ROLES = ['buyer', 'supplier'] as const;

/**
 * What an answer's search looked for, as chips: the role (a toggle), each region or country, each
 * product and condition, with what was read differently or left out. On the latest answer each
 * chip can be removed and the role switched: the search reruns in the same conversation.
 */
export default function AnswerChips({
  locale,
  understood: u,
  editable,
}: {
  locale: Locale;
  understood: SearchUnderstood;
  editable: boolean;
}) {
  const t = useTranslations(locale);
  const { running } = useStore($chat);
  // Criteria with no product (the sentence named none) cannot be searched again as chips.
  const live = editable && u.criteria.products.length > 0;
  const list = (items: string[]) => items.join(locale === 'zh' ? '、' : ', ');
  return (
    <div className="chat-chips">
      <ul className="chip-list" aria-label={t('chat.criteria')}>
        <li>
          {live ? (
            <span role="group" aria-label={t('chat.roleGroup')} className="chip-toggle">
              {ROLES.map((role) => (
                <button
                  key={role}
                  type="button"
                  aria-pressed={u.criteria.role === role}
                  disabled={running}
                  onClick={() => void switchRole(u, role)}
                >
                  {roleLabel(t, role)}
                </button>
              ))}
            </span>
          ) : (
            <span className="chip-static">{roleLabel(t, u.criteria.role)}</span>
          )}
        </li>
        {u.countries.length === 0 && (
          <li>
            <span className="chip-static">{t('chat.anyCountry')}</span>
          </li>
        )}
        {answerChips(u).map((chip) => {
          const removable = canRemove(u.criteria, chip);
          return (
            <li key={`${chip.kind}:${chip.id}`}>
              <span className="chip-static">
                {chip.label}
                {live && (
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={t('chat.removeChip', { name: chip.label })}
                    title={removable ? undefined : t('chat.lastProduct')}
                    // Still focusable when it may not be removed, so its title says why.
                    aria-disabled={running || !removable}
                    onClick={() => removable && !running && void removeChip(u, chip)}
                  >
                    ×
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {u.corrected.map((c) => (
        <p key={c.written} className="chat-note">
          {t('chat.corrected', { written: c.written, read: c.read_as })}
        </p>
      ))}
      {u.unknown.length > 0 && (
        <p className="chat-note">{t('chat.unknownWords', { words: list(u.unknown) })}</p>
      )}
      {live && !u.role_stated && <p className="chat-note">{t('chat.assumedBuyers')}</p>}
    </div>
  );
}
