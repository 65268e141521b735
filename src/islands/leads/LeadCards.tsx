import { useStore } from '@nanostores/react';
import type { ListedLead } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/index.ts';
import { roleLabel } from '../../lib/format.ts';
import { openEmailComposer } from '../../lib/stores/outreach.ts';
import { $leadsList, memoSaved, toggleSelected } from '../../lib/stores/leadsList.ts';
import { companyName, flag } from '../../lib/leadText.ts';
import Memo from './Memo.tsx';
import { StageSelect, Tags } from './Pipeline.tsx';

/** The card view: products, emails, stage, tags, memo and "write email" for each lead. */
export default function LeadCards({
  t,
  locale,
  items,
}: {
  t: Translate;
  locale: Locale;
  items: ListedLead[];
}) {
  const { selected } = useStore($leadsList);
  return (
    <ul className="leads-rows">
      {items.map((lead) => (
        <li key={lead.id} className="leads-row">
          <input
            type="checkbox"
            checked={selected.includes(lead.id)}
            onChange={() => toggleSelected(lead.id)}
            aria-label={t('leads.select', { name: companyName(lead.name) })}
          />
          <div className="leads-main">
            <h2 className="leads-name">{companyName(lead.name)}</h2>
            <p className="lead-meta">
              <span aria-hidden="true">{flag(lead.country.code)}</span> {lead.country.name}
              {lead.city && ` · ${lead.city}`} · {roleLabel(t, lead.role)}
            </p>
            <p className="lead-products">{lead.products.join(locale === 'zh' ? '、' : ', ')}</p>
            {lead.contacts && (
              <p className="mono leads-emails">{lead.contacts.emails.map((e) => e.email).join(', ')}</p>
            )}
            <div className="leads-pipeline">
              <StageSelect lead={lead} t={t} />
              <Tags lead={lead} t={t} listId="leads-tag-list" />
            </div>
            {lead.unlocked && (
              <button type="button" className="button button--quiet" onClick={() => openEmailComposer(lead)}>
                {t('chat.writeEmail')}
              </button>
            )}
            {lead.stage !== null && (
              <Memo locale={locale} lead={lead} onSaved={(memo) => memoSaved(lead.id, memo)} />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
