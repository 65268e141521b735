import { useState, type FormEvent } from 'react';
import type { ListedLead } from '../../../contract/api.ts';
import { LEAD_STAGES, type LeadStage } from '../../../contract/rules.ts';
import type { Translate } from '../../i18n/index.ts';
import { addTag, changeStage, removeTag } from '../../lib/stores/leadsList.ts';

/** The stages as a select's options, in the pipeline's order, named in the page's language. */
export function StageOptions({ t }: { t: Translate }) {
  return LEAD_STAGES.map((stage) => (
    <option key={stage} value={stage}>
      {t(`leads.stage.${stage}`)}
    </option>
  ));
}

/** A row's stage picker: an unlocked lead that is not saved shows "Not saved"; picking a stage saves it. */
export function StageSelect({ lead, t }: { lead: ListedLead; t: Translate }) {
  return (
    <select
      className="leads-stage"
      data-stage={lead.stage ?? 'none'}
      aria-label={t('leads.stageOf', { name: lead.name })}
      value={lead.stage ?? ''}
      onChange={(e) => {
        if (e.target.value) void changeStage([lead.id], e.target.value as LeadStage);
      }}
    >
      {lead.stage === null && <option value="">{t('leads.stageNone')}</option>}
      <StageOptions t={t} />
    </select>
  );
}

/** A saved row's tags: each removable, and a small box to add one (Enter). */
export function Tags({ lead, t, listId }: { lead: ListedLead; t: Translate; listId?: string }) {
  const [draft, setDraft] = useState('');
  if (lead.stage === null) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await addTag([lead.id], draft)) setDraft('');
  };
  return (
    <div className="leads-tags" role="group" aria-label={t('leads.tagsOf', { name: lead.name })}>
      {lead.tags.map((tag) => (
        <span key={tag} className="leads-tag">
          {tag}
          <button
            type="button"
            aria-label={t('leads.removeTag', { tag })}
            onClick={() => void removeTag(lead.id, tag)}
          >
            ×
          </button>
        </span>
      ))}
      <form onSubmit={(e) => void submit(e)}>
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('leads.addTag')}
          aria-label={t('leads.addTagTo', { name: lead.name })}
          maxLength={40}
          size={10}
          list={listId}
        />
      </form>
    </div>
  );
}
