import { MAX_SUBJECT_LENGTH } from '../../contract/limits.ts';
import type { Language } from '../../contract/api.ts';

/** What the built-in writer knows about the lead (server/leads/reference.ts names it). */
export interface DraftLead {
  name: string;
  role: 'buyer' | 'supplier';
  /** The country's name in the draft's language. */
  country: string;
  /** Product names in the draft's language (the lead's categories). */
  products: string[];
  /** Words that mean the lead's products in either language, to find matching facts. */
  productTerms: string[];
}

export interface DraftInput {
  lead: DraftLead;
  /** The user's display name, to sign with. */
  sender: string;
  /** Text extracted from the user's company files ('' when there are none). */
  companyText: string;
  language: Language;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;
const LATIN = /[A-Za-z]/g;
/** Lines a profile carries that are not selling points: contact details, links. */
const CONTACT =
  /@|https?:\/\/|www\.|(?:\+?\d[\d\s()-]{7,}\d)|(?:^|\s)(?:tel|fax|phone|e-?mail|电话|传真|邮箱|地址|address)\s*[:：]/i;
/** Words that make a sentence a fact worth quoting: what the company makes, proves or ships. */
const PRODUCT_WORDS =
  /\b(?:products?|manufactur\w*|produc(?:e|es|ing|tion)|factory|factories|suppl(?:y|ies|ier)|export\w*|range|portfolio|oem|odm|brand\w*|catalog\w*|wholesale\w*|distribut\w*|sourc\w*|import\w*|procure\w*)\b|产品|生产|制造|工厂|厂家|供应|出口|品牌|系列|批发|代工|采购|进口|经销/i;
const CREDENTIAL_WORDS =
  /\b(?:iso\s?\d+|ce|rohs|fda|ul|bsci|sgs|certif\w*|patent\w*|capacity|annual|years?|since|countries|customers|clients|employees|staff|warehouse|lead times?|delivery|quality|tested)\b|认证|专利|产能|年产|年|国家|客户|员工|仓库|交期|质量|检测/i;

/** Splits company text into candidate sentences (Chinese and Western punctuation, lines, bullets). */
export function sentences(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n+|(?<=[。！？；])|(?<=[.!?;])\s+(?=[A-Z0-9\u3400-\u9fff"“(])/)
    .map((part) =>
      part
        .replace(/^[\s\-–—•·*●▪■◆○#>]+/, '')
        .replace(/^\(?\d{1,2}[.)、]\s*/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

function fits(sentence: string, language: Language): boolean {
  const cjk = sentence.match(CJK)?.length ?? 0;
  const latin = sentence.match(LATIN)?.length ?? 0;
  if (CONTACT.test(sentence)) return false;
  if (language === 'en') return cjk === 0 && latin >= 20 && sentence.length >= 30 && sentence.length <= 240;
  return cjk >= 8 && cjk >= latin / 3 && sentence.length <= 140;
}

/**
 * Two or three facts from the company text for the draft, chosen deterministically: sentences in
 * the draft's language (an English draft never quotes Chinese), scored by whether they name the
 * lead's products, then what the company makes or ships, then credentials (certificates,
 * capacity, years); ties go to the earlier sentence. Returned in the order they appear.
 */
export function pickFacts(text: string, language: Language, productTerms: string[], max = 3): string[] {
  const terms = productTerms.map((t) => t.trim().toLowerCase()).filter((t) => t.length >= 2);
  const seen = new Set<string>();
  const scored = sentences(text)
    .map((sentence, index) => ({ sentence, index }))
    .filter(({ sentence }) => fits(sentence, language))
    .filter(({ sentence }) => {
      const key = sentence.toLowerCase();
      return !seen.has(key) && Boolean(seen.add(key));
    })
    .map(({ sentence, index }) => {
      const lower = sentence.toLowerCase();
      const score =
        (terms.some((term) => lower.includes(term)) ? 4 : 0) +
        (PRODUCT_WORDS.test(sentence) ? 2 : 0) +
        (CREDENTIAL_WORDS.test(sentence) ? 1 : 0);
      return { sentence, index, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index);
  return scored.map(({ sentence }) =>
    language === 'en' && !/[.!?]$/.test(sentence)
      ? `${sentence}.`
      : language === 'zh' && !/[。！？.!?]$/.test(sentence)
        ? `${sentence}。`
        : sentence,
  );
}

function productPhrase(products: string[], language: Language): string {
  const names = products.slice(0, 2);
  if (language === 'zh') return names.length ? names.join('、') : '相关产品';
  return names.length ? names.join(' and ') : 'these products';
}

const clip = (subject: string) =>
  subject.length <= MAX_SUBJECT_LENGTH ? subject : `${subject.slice(0, MAX_SUBJECT_LENGTH - 1)}…`;

/**
 * The built-in writer: a short, specific first email in Chinese or English. To a buyer the user
 * offers to supply; to a supplier the user asks for a quotation. Up to three facts from the
 * user's company files back the pitch; without files it stays general and honest.
 */
export function writeDraft(input: DraftInput): { subject: string; body: string } {
  const { lead, language } = input;
  const products = productPhrase(lead.products, language);
  const facts = pickFacts(input.companyText, language, lead.productTerms);
  const sender = input.sender.trim();

  if (language === 'zh') {
    const about = facts.length ? ['关于我们：', ...facts.map((f) => `- ${f}`)].join('\n') : '';
    if (lead.role === 'buyer') {
      return {
        subject: clip(`${products}供应合作 - ${lead.name}`),
        body: [
          `${lead.name} 团队，您好！`,
          `我们在寻找${lead.country}的${products}买家时注意到了贵公司，希望能成为贵公司的供应商之一。`,
          about || `我们长期为海外进口商和经销商供应${products}，可以根据贵方市场调整规格、包装和标签。`,
          `如果贵公司近期有${products}的采购计划，我们很乐意发送产品目录和报价单，也可以寄送样品供评估。方便的话，下周约个简短的电话沟通可以吗？`,
          `此致\n敬礼\n\n${sender}`,
        ].join('\n\n'),
      };
    }
    return {
      subject: clip(`${products}采购询价 - ${lead.name}`),
      body: [
        `${lead.name} 团队，您好！`,
        `我们正在采购${products}，在寻找${lead.country}的供应商时注意到了贵公司，希望进一步了解贵公司的产品。`,
        about || '我们希望找到可靠的长期供应商，并计划持续下单。',
        '能否发送贵公司的产品目录和报价单（FOB 或 CIF），并告知最小起订量、交货期以及产品具备的认证？如有样品，也欢迎提供。',
        '期待您的回复。',
        `此致\n敬礼\n\n${sender}`,
      ].join('\n\n'),
    };
  }

  const about = facts.length ? ['A little about us:', ...facts.map((f) => `- ${f}`)].join('\n') : '';
  if (lead.role === 'buyer') {
    return {
      subject: clip(`${capitalize(products)} supply for ${lead.name}`),
      body: [
        `Dear ${lead.name} team,`,
        `I came across ${lead.name} while looking for buyers of ${products} in ${lead.country}, and I believe we could be a useful supplier for you.`,
        about ||
          `We supply ${products} to importers and distributors abroad, and we can adapt specifications, packaging and labelling to your market.`,
        `If ${products} are on your purchasing plan, I would be glad to send our catalogue and price list, or samples for your evaluation. Would a short call next week suit you?`,
        `Best regards,\n${sender}`,
      ].join('\n\n'),
    };
  }
  return {
    subject: clip(`Sourcing inquiry: ${products} from ${lead.name}`),
    body: [
      `Dear ${lead.name} team,`,
      `We are sourcing ${products} and found ${lead.name} while looking for suppliers in ${lead.country}. We would like to learn more about your range.`,
      about || 'We are looking for a reliable long-term supplier and plan to order regularly.',
      'Could you send us your catalogue and price list (FOB or CIF), together with your minimum order quantity, lead time and the certificates your products carry? Samples would also be welcome.',
      'I look forward to hearing from you.',
      `Best regards,\n${sender}`,
    ].join('\n\n'),
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
