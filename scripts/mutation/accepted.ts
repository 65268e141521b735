/**
 * Mutants that survive the tests on purpose, each with the reason no user could see the change
 * (issue 30). Matched by file, mutator and the code it replaces (not by line), so they follow the
 * code as it moves; a change to that code makes the mutant count again until looked at anew.
 */
export interface AcceptedMutant {
  file: string;
  mutator: string;
  /** The source text the mutant replaces (whitespace runs count as one space). */
  original: string;
  /** Its replacement, when the same code has several mutants of that kind. */
  replacement?: string;
  /** Text of the mutant's first source line, when the same code stands on several lines for different reasons. */
  on?: string;
  reason: string;
}

export const ACCEPTED: AcceptedMutant[] = [
  {
    file: 'server/billing/payments.ts',
    mutator: 'OptionalChaining',
    original: 'PLAN_GOODS[payment.goodsId]?.kind',
    reason:
      'Every stored payment names goods that exist: createPayUrl refuses any goods_id outside PLAN_GOODS before writing the row.',
  },
  {
    file: 'server/billing/payments.ts',
    mutator: 'LogicalOperator',
    original: '!user || !goods',
    reason:
      'stripe_subscription_id is only ever written with plan_goods_id (applyPayment sets both), so a user found by it always has goods: both forms ignore the same invoices.',
  },
  {
    file: 'server/billing/payments.ts',
    mutator: 'ConditionalExpression',
    original: 'info.subscription_status !== 3',
    replacement: 'true',
    reason:
      'The server never writes subscription_status 3 (spec §4 names it; we write 0, 1 and 2), so the check for it never decides anything.',
  },
  {
    file: 'server/billing/payments.ts',
    mutator: 'OptionalChaining',
    original: 'invoice.parent?.subscription_details?.subscription',
    replacement: 'invoice.parent?.subscription_details.subscription',
    reason:
      "Stripe gives a subscription_cycle invoice a parent of type subscription_details (the Invoice object); an invoice whose parent lacks it (a quote's) never has that billing reason, and other reasons return before this line.",
  },
  {
    file: 'server/billing/plans.ts',
    mutator: 'EqualityOperator',
    original: 'plan.expiresAt > now',
    replacement: 'plan.expiresAt >= now',
    reason:
      'At the instant the plan ends, the next anchor date after the end and the next after now are the same date.',
  },
  {
    file: 'server/billing/plans.ts',
    mutator: 'ConditionalExpression',
    original: 'user.payCycle === 1',
    replacement: 'true',
    reason:
      'pay_cycle 0 goes with no plan end (never bought): purchasedPeriod starts a new plan before it reads the cycle, and renewals take the cycle from the goods.',
  },
  {
    file: 'server/billing/ledger.ts',
    mutator: 'ConditionalExpression',
    original: 'row.goodsId !== null',
    replacement: 'true',
    reason: 'PLAN_GOODS[null] is undefined: the row reads the same either way.',
  },
  {
    file: 'server/billing/ledger.ts',
    mutator: 'OptionalChaining',
    original: 'total?.n',
    reason: 'count(*) always answers one row.',
  },
  {
    file: 'server/billing/redeem.ts',
    mutator: 'ConditionalExpression',
    original: 'inserted.length',
    replacement: 'true',
    reason:
      'Only a collision of two random codes (32^8 values) leaves the insert empty; not reachable in a test without replacing the random source.',
  },
  {
    file: 'server/billing/payments.ts',
    mutator: 'ConditionalExpression',
    original: '!id',
    replacement: 'false',
    reason:
      'A renewal invoice without a subscription then looks for stripe_subscription_id = NULL, which matches no user, and the next line ignores it as before.',
  },
  {
    file: 'server/billing/redeem.ts',
    mutator: 'MethodExpression',
    original: 'rawCode.trim()',
    reason:
      "The only caller, POST /api/user/redeem, passes the code through the contract's redeemCode schema, which trims it already (contract/schemas.ts).",
  },
  {
    file: 'server/billing/testCheckout.ts',
    mutator: 'OptionalChaining',
    original: 'user?.language',
    reason:
      "A payment's user_id references users with ON DELETE CASCADE: a payment found here always has its user.",
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'ObjectLiteral',
    original: '{ contacts: [], people: [], shipments: [], emailsShown: null, memo: null }',
    reason:
      'NO_FACTS is never read: cardFacts returns a row for every id it is given, and findLeads reads the facts of every lead it returns.',
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: 'const NO_FACTS',
    reason: 'NO_FACTS is never read (as above).',
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: 'contacts: row.facts_contacts ?? []',
    reason:
      'The contacts of a lead without any: a string has no kind, so no email, phone or profile is counted or shown.',
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: 'const askedCategories',
    reason: 'The asked categories of a card outside a search: read only for the evidence of a search.',
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: 'const shownEmails',
    reason: 'The emails shown of a locked card, which shows no contact or person at all.',
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'ConditionalExpression',
    original: 'rows.length === 0',
    replacement: 'false',
    reason:
      'An empty list of ids reads no facts and views no card either way; the early return saves a round trip.',
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'ConditionalExpression',
    original: 'exclude.length',
    replacement: 'true',
    reason: "Drizzle's notInArray of an empty list is `true`: the same condition as none.",
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'OptionalChaining',
    original: 'total?.n',
    reason: 'A count without GROUP BY always returns one row.',
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'MethodExpression',
    original: 'tag.toLowerCase()',
    reason: "Only the key the filters' tags are deduplicated by changes case; the tags shown are the same.",
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'ObjectLiteral',
    original: '{ id: unlocks.leadId }',
    reason: 'Only the number of unlocked rows is read, never their ids.',
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'ConditionalExpression',
    original: 'BY_NAME[lang].length === 0',
    replacement: 'true',
    reason: 'A cache: the order is computed again on every sort by country, with the same result.',
  },
  {
    file: 'server/accounts/sessions.ts',
    mutator: 'LogicalOperator',
    original: 'deviceId ?? null',
    reason: "A session's device id is stored for support and never read or shown.",
  },
  {
    file: 'server/accounts/sessions.ts',
    mutator: 'ConditionalExpression',
    original: 'token.length > 200',
    replacement: 'false',
    reason:
      'A token over 200 characters is refused before hashing; hashed, it matches no session either way.',
  },
  {
    file: 'server/accounts/sessions.ts',
    mutator: 'EqualityOperator',
    original: 'token.length > 200',
    reason:
      'Tokens are 43 characters: one of exactly 200 matches no session, whether hashed or refused first.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ConditionalExpression',
    original: 'fresh.length',
    replacement: 'true',
    reason: 'With no fresh email the update writes the count it read: nothing changes.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ObjectLiteral',
    original: '{ n: 0 }',
    reason: 'A count without GROUP BY always returns one row; the default is never used.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'OptionalChaining',
    original: 'row?.room',
    reason: 'The statement selects FROM a one-row CTE: it always returns one row.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'OptionalChaining',
    original: 'row?.count',
    reason: 'The statement selects FROM a one-row CTE: it always returns one row.',
  },
  {
    file: 'server/accounts/invitations.ts',
    mutator: 'ConditionalExpression',
    original: 'row',
    replacement: 'true',
    reason:
      'Only a collision of two random codes (32^6 values after the prefix) leaves the insert empty; not reachable in a test without replacing the random source.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'MethodExpression',
    original: 'email.trim()',
    reason:
      "Every address reaches normalizeEmail through the contract's email schema, which trims it already (contract/schemas.ts).",
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'MethodExpression',
    original: 'input.code.trim()',
    reason: "The code reaches here through the contract's emailCode schema, which trims it already.",
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'MethodExpression',
    original:
      "readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8') .split('\\n') .filter((line) => line && !line.startsWith('# '))",
    reason:
      "Only the list file's header comment and empty line would count as common passwords: no one chooses the header sentence, and an empty password is refused by the schema.",
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ConditionalExpression',
    original: "line && !line.startsWith('# ')",
    replacement: 'true',
    reason: 'As above: only the header comment and the empty line would join the list.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'LogicalOperator',
    original: "line && !line.startsWith('# ')",
    reason: 'As above: only the empty line would join the list.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'MethodExpression',
    original: "line.startsWith('# ')",
    reason: 'As above: only the header comment would join the list.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ObjectLiteral',
    original: '{ code: invitationCodes.code }',
    reason: 'Only whether a free code exists is read, not its columns.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ConditionalExpression',
    original: '!existing',
    replacement: 'true',
    reason:
      'For a pending account the insert conflicts and does nothing; `again` is already true and its verified state was checked above.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ObjectLiteral',
    original: '{ target: users.email }',
    reason: "users has one unique column besides its generated id: any conflict is the email's.",
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'OptionalChaining',
    original: 'winner?.emailVerifiedAt',
    reason: 'The insert lost to this row, and accounts are never deleted: the winner is always there.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: ': [];',
    reason:
      'A resend without a sign-up token: the string has no password hash, invitation or token hash, so the code is written with the same nulls as with no sign-up.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ConditionalExpression',
    original: '!user || user.emailVerifiedAt',
    replacement: 'false',
    reason:
      'An unknown address has no code to consume (40103 from the lookup), and a verified account is refused by the activation, which only updates an unverified one (40103 too).',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ConditionalExpression',
    original: 'row.passwordHash !== null',
    replacement: 'true',
    reason:
      'Every code written with a sign-up token carries its password hash (issueCode writes both from the same sign-up).',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ObjectLiteral',
    original: "{ note: 'welcome' }",
    reason:
      'The welcome bonus is shown by its reason (signup_bonus); its note is not rendered (tests/api/beans.test.ts).',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'ConditionalExpression',
    original: '!user',
    replacement: 'false',
    reason: 'A reset for an unknown address finds no code to consume and is refused with the same 40103.',
  },
  {
    file: 'server/accounts/service.ts',
    mutator: 'CallExpression',
    original: "throw new AppError(ErrorCode.CODE_INVALID, 'codeInvalid');",
    reason: 'A reset for an unknown address finds no code to consume and is refused with the same 40103.',
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'ConditionalExpression',
    original: 'c.companyTypes.length > 1',
    replacement: 'true',
    reason:
      "A list of one kind is always that condition's companyType too (fromCriteria and the reader set both): IN (one kind) is the same filter as = that kind.",
  },
  {
    file: 'server/leads/search.ts',
    mutator: 'EqualityOperator',
    original: 'c.companyTypes.length > 1',
    replacement: 'c.companyTypes.length >= 1',
    reason: 'As above: IN (one kind) is the same filter as = that kind.',
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'ConditionalExpression',
    original: "lang === 'zh'",
    replacement: 'true',
    reason:
      'The pinyin collation orders Latin letters as English does: English country names sort the same under either.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'OptionalChaining',
    original: 'previous?.last',
    reason:
      'Read only with `more` or a previous search: the schema requires chat_id with more, and an unknown chat is refused before (40400), so previous is always there.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'LogicalOperator',
    original: 'before && previous?.last',
    reason: 'before is set exactly when previous?.last is: both forms are true together.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ConditionalExpression',
    original: '!payload',
    replacement: 'false',
    reason: 'An empty payload fails JSON.parse, whose catch answers the same null.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'BlockStatement',
    original: '{ return null; }',
    reason: 'parseStored then answers undefined, which its only caller skips exactly as null.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: 'for (const id of answer.leads ?? [])',
    reason:
      'As a stored answer\'s lead ids when it has none: a made-up id in the shown set is only excluded from "show more" and matches no lead.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: 'exclude: understood.more',
    reason: 'As the exclusions of a search: a made-up id excludes no lead.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ConditionalExpression',
    original: 'views.length === 0',
    replacement: 'true',
    reason: 'giveBack does nothing once a lead was found (spent): the search is counted either way.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ConditionalExpression',
    original: 'created.length === 0',
    replacement: 'false',
    reason:
      "The ledger's ref (unlock:<lead>) is unique per user: a second charge for an unlock already made is refused by spendBeans, so no bean moves either way (tests/api/money-security.test.ts).",
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'OptionalChaining',
    original: 'previous?.shown',
    reason:
      'Read only for "show more", which the schema allows only with a chat_id, and an unknown chat is refused before (40400): previous is always there.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ConditionalExpression',
    original: 'askProduct || (noData && !broader)',
    replacement: 'false',
    reason:
      'findLeads of no asked category (and no broader set) finds no lead and nothing more: the same empty answer, one statement later.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'LogicalOperator',
    original: 'askProduct || (noData && !broader)',
    reason: 'As above: findLeads of no asked category finds the same empty answer.',
  },
  {
    file: 'server/outreach/inbound.ts',
    mutator: 'ArrayDeclaration',
    original: '[bytes.buffer]',
    reason:
      'Transferring the copy to the reader or cloning it gives the reader the same bytes; only the copying time differs.',
  },
  {
    file: 'server/outreach/inbound.ts',
    mutator: 'MethodExpression',
    original: 'e.address.trim()',
    reason:
      'POST /outreach/inbound trims every X-Envelope-To address before it reaches receiveInbound, and nothing else calls it.',
  },
  {
    file: 'server/outreach/inbound.ts',
    mutator: 'ConditionalExpression',
    original: '!user',
    replacement: 'false',
    reason:
      "A sequence's user always exists: outreach_sequences.user_id cascades on the user's deletion, so a found sequence has its user.",
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ConditionalExpression',
    original: 'leadIds.length === 0',
    replacement: 'false',
    reason:
      'recordShown is not called by the product (a search records what it shows in findLeads, shownTo); only fixtures and benchmarks call it, never with no lead.',
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ConditionalExpression',
    original: "chat.status === 'rejected'",
    replacement: 'false',
    reason:
      "When the conversation's row was not written, the answer's insert that follows fails on its foreign key: the search ends in the same error and is given back the same way.",
  },
  {
    file: 'server/outreach/unsubscribe.ts',
    mutator: 'ConditionalExpression',
    original: 'address !== address.toLowerCase()',
    replacement: 'false',
    reason:
      'A token naming an upper-case address verifies only with a tag made with the secret over that address, and unsubscribeToken lower-cases every address before signing: no such token exists to be refused.',
  },
  {
    file: 'server/outreach/recipients.ts',
    mutator: 'LogicalOperator',
    original: '(STATUS_RANK[a.status] ?? 3) - (STATUS_RANK[b.status] ?? 3) || a.index - b.index',
    reason:
      "Array.prototype.sort is stable (ES2019): addresses of one rank keep the lead's order without the index.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: "!sequence || sequence.state !== 'active'",
    replacement: 'false',
    reason:
      "Releasing a follow-up of a stopped sequence only queues it: deliver checks the sequence again under the row's lock and cancels it with the same reason before anything is sent.",
  },
  {
    file: 'server/outreach/writer.ts',
    mutator: 'OptionalChaining',
    original: 'country?.en',
    on: '.of(code) ?? country?.en',
    reason:
      'Intl.DisplayNames.of returns the code itself for a region it cannot name (never undefined), or throws into the catch: the fallback after it is never reached.',
  },
  {
    file: 'server/outreach/draft.ts',
    mutator: 'EqualityOperator',
    original: 'end < start',
    replacement: 'end <= start',
    reason:
      'One character cannot be both the "{" found first and the "}" found last; a missing one is caught by start < 0 first.',
  },
  {
    file: 'server/outreach/draft.ts',
    mutator: 'OptionalChaining',
    original: 'issues[0]?.message',
    reason: "A failed safeParse always carries at least one issue (zod's ZodError).",
  },
  {
    file: 'server/outreach/writer.ts',
    mutator: 'MethodExpression',
    original: 'lead.categoryIds.map((id) => CATEGORY_BY_ID.get(id)?.slug).filter((s) => s !== undefined)',
    reason:
      'An unknown category id gives an undefined slug, which matches no product: the fitting products are the same.',
  },
  {
    file: 'server/outreach/writer.ts',
    mutator: 'ConditionalExpression',
    original: 's !== undefined',
    replacement: 'true',
    reason: 'As above: an undefined slug matches no product.',
  },
  {
    file: 'server/outreach/writer.ts',
    mutator: 'ConditionalExpression',
    original: 'q !== p',
    replacement: 'true',
    reason:
      'No product is its own broader product (the catalogue has no cycles: all 1,521 checked), so comparing a product with itself removes nothing.',
  },
  {
    file: 'server/outreach/phrases.ts',
    mutator: 'MethodExpression',
    original:
      "[ company ? `我是${company}的联系人。` : null, products ? `我们${manufacturer ? '生产' : '供应'}${products}。` : null, ] .filter(Boolean)",
    reason:
      'The Chinese intro joins with no separator, and join writes null as nothing: with or without the filter the sentence is the same, and two nulls still give null.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'MethodExpression',
    original: 'v.trim()',
    reason: 'postal-mime hands header values over already trimmed of spaces and tabs.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ArrayDeclaration',
    original: '[0, 1]',
    replacement: '[]',
    reason:
      'A message starting with its blank line has no header fields: with no bounds the field loop never runs and the message is read whole, the same as with an empty header block.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ArrayDeclaration',
    original: '[0, 2]',
    replacement: '[]',
    reason: 'As above, for a CRLF blank line.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'EqualityOperator',
    original: 'i < last',
    replacement: 'i <= last',
    reason:
      "raw[last] is read as undefined or, at limit + 4, a line break there gives i + 1 > limit: the same null the loop's end returns.",
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: 'const kept',
    reason: 'The string splits into one-letter bounds whose subarray is empty: no byte is added.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    on: 'let dropped',
    reason: 'Rebuilding the header block from every kept field, when none was dropped, gives the same bytes.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ConditionalExpression',
    original: '!dropped',
    replacement: 'false',
    reason: 'As above: the rebuilt block equals the raw one when nothing was dropped.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ConditionalExpression',
    original: 'newline < 0 || newline >= end',
    replacement: 'false',
    reason:
      "Inside a header block a line break always precedes end (or end is the message's length): newline >= end never happens, and newline < 0 only in a block without one, where the loop does not run.",
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'EqualityOperator',
    original: 'newline < 0',
    replacement: 'newline <= 0',
    reason: 'newline 0 means an empty header block, where the field loop does not run.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ConditionalExpression',
    original: 'newline >= end',
    replacement: 'false',
    reason: 'As above: a line break always comes before end.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'EqualityOperator',
    original: 'newline >= end',
    replacement: 'newline > end',
    reason: 'As above: newline never reaches end.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ConditionalExpression',
    original: 'stop >= end',
    replacement: 'false',
    reason:
      'At stop === end, raw[end] is CR, LF or past the message, never a space or tab: the loop breaks on the next test; stop never passes end.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'EqualityOperator',
    original: 'stop >= end',
    replacement: 'stop > end',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'EqualityOperator',
    original: 'i < html.length',
    replacement: 'i <= html.length',
    reason: 'One more pass finds no text and breaks.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'EqualityOperator',
    original: 'gt < 0',
    replacement: 'gt <= 0',
    reason: "gt is searched from lt, where html has a '<': it is never 0.",
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'OptionalChaining',
    original: '/^<\\s*(\\/?[a-z0-9]{1,10})/iu.exec(html.slice(lt, lt + 13))?.[1]?.toLowerCase',
    replacement: '/^<\\s*(\\/?[a-z0-9]{1,10})/iu.exec(html.slice(lt, lt + 13))?.[1].toLowerCase',
    reason: 'Group 1 is not optional in the pattern: a match always has it.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'EqualityOperator',
    original: 'colon < 0',
    replacement: 'colon <= 0',
    reason: "A line starting with ':' names the empty field, which no check reads.",
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'MethodExpression',
    original: 'line .slice(colon + 1) .trim() .toLowerCase()',
    replacement: 'line.slice(colon + 1).trim().toUpperCase()',
    reason:
      'Action is read through token(), which lower-cases it, and Status is matched on digits and dots only.',
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ConditionalExpression',
    original: "typeof part.content === 'string'",
    replacement: 'false',
    reason: "postal-mime gives every attachment's content as an ArrayBuffer, never a string.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'LogicalOperator',
    original: 'options.log ?? ((line: string) => console.log(line))',
    reason: "A line in the operator's log; nothing a user or an API client sees changes.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrowFunction',
    original: '(error) => log(`[outreach] queue error: ${error.message}`)',
    reason: "A line in the operator's log; nothing a user or an API client sees changes.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrowFunction',
    original: '(warning) => log(`[outreach] queue warning: ${warning.message}`)',
    reason: "A line in the operator's log; nothing a user or an API client sees changes.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'CallExpression',
    original: 'log(`[outreach] ${id}: an earlier attempt was interrupted mid-send; not sending again`);',
    reason: "A line in the operator's log; nothing a user or an API client sees changes.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'CallExpression',
    original:
      "log( `[outreach] ${row.id}: attempt ${row.attempts} failed (${final ? 'final' : 'will retry'}): ${detail}`, );",
    reason: "A line in the operator's log; nothing a user or an API client sees changes.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: "raw.kind === 'postgres'",
    on: 'describe:',
    reason: "The queue's description in the start banner (operator's log), not its behaviour.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'EqualityOperator',
    original: "raw.kind === 'postgres'",
    on: 'describe:',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'job',
    replacement: 'true',
    reason: "pg-boss calls a worker's handler with a batch of at least one job.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'final',
    replacement: 'false',
    on: 'if (final) return;',
    reason:
      'A final failure thrown after its row is settled: pg-boss retries or dead-letters the job, and both find the row failed and change nothing (deliver claims only queued or sending rows, giveUp settles only those).',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original: '{ id: outreachEmails.id }',
    reason: 'Only the number of rows is read: selecting every column gives the same count.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original: '{ id: users.id }',
    reason: "The statement only takes the users' row locks: the columns selected are never read.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    on: 'useListenNotify: true',
    reason:
      'Without LISTEN/NOTIFY the worker finds new jobs by polling (every pollingIntervalSeconds): the same emails go, a moment later.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    on: 'schedule: false',
    reason: "pg-boss's cron scheduler: no schedule is ever created, so running it does nothing.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original: '{ ...policy, deadLetter: DEAD_QUEUE, notify: true }',
    reason:
      "Every job is sent with the same retry policy and dead-letter queue (enqueue), which pg-boss applies over the queue's own.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    on: 'deadLetter: DEAD_QUEUE, notify: true',
    reason: 'As for useListenNotify: without notify a new job is found by polling, a moment later.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original: '{ pollingIntervalSeconds: Math.max(o.pollingIntervalSeconds, 5) }',
    reason:
      'How often the dead-letter queue is polled: a job out of attempts is settled a few seconds sooner or later.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'MethodExpression',
    original: 'Math.max(o.pollingIntervalSeconds, 5)',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArithmeticOperator',
    original: 'o.releaseIntervalSeconds * 1000',
    reason:
      'A shorter interval only looks for due follow-ups more often: the busy flag keeps one release at a time, and each sends the same follow-ups.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'CallExpression',
    original: 'releasing.unref();',
    reason:
      'The server stops the interval with the queue (stop clears it); nothing else waits for the process to exit.',
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'OptionalChaining',
    original: 'row?.all',
    reason: 'An aggregate query without GROUP BY returns exactly one row.',
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'OptionalChaining',
    original: 'row?.toRecipient',
    reason: 'An aggregate query without GROUP BY returns exactly one row.',
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'OptionalChaining',
    original: 'total?.n',
    reason: 'An aggregate query without GROUP BY returns exactly one row.',
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'OptionalChaining',
    original: 'lead?.name',
    reason: "outreach_emails.lead_id references leads: a row's lead always exists.",
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    on: 'row.sequenceId ? [row.sequenceId] : []',
    reason: 'A made-up sequence id finds no sequence, and a row without one still shows none.',
  },
  {
    file: 'server/outreach/service.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    reason: 'A made-up sequence id finds no sequence: the views are the same.',
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'LogicalOperator',
    original: 'emails[0]?.sequence ?? (await sequenceViews(services.db, [sequenceId])).get(sequenceId)!',
    reason:
      'A sequence and its first email are written in one transaction, so its thread always has an email carrying the sequence; with one, looking it up again gives the same view.',
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'OptionalChaining',
    original: 'emails[0]?.sequence',
    reason: 'As above: the thread of a sequence always has its first email.',
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'ArrayDeclaration',
    original: '[sequenceId]',
    replacement: '[]',
    reason: 'As above: the lookup after ?? is never reached.',
  },
  {
    file: 'server/outreach/sequences.ts',
    mutator: 'ConditionalExpression',
    original: 'unique.length === 0',
    replacement: 'false',
    reason: 'Drizzle turns inArray of no ids into false: the same empty map, one statement later.',
  },
  {
    file: 'server/outreach/sequences.ts',
    mutator: 'ConditionalExpression',
    original: "row.stopReason === 'bounced'",
    replacement: 'false',
    reason:
      'Every stop as bounced writes a bounce suppression for the address in the same transaction, and nothing removes one: the second test always agrees.',
  },
  {
    file: 'server/outreach/unsubscribe.ts',
    mutator: 'EqualityOperator',
    original: 'token.length > 600',
    reason:
      'A real token is at most about 390 characters (a 254-character address in base64url and a 43-character tag), so no token the server issued is 600 long: > and >= refuse the same tokens a user can hold.',
  },
  {
    file: 'server/outreach/unsubscribe.ts',
    mutator: 'ConditionalExpression',
    original:
      "!address || Buffer.from(address).toString('base64url') !== encoded || address !== address.toLowerCase()",
    replacement: 'false',
    reason:
      'The HMAC tag covers exactly the decoded address and only the server makes tags, always for a canonical, lower-cased, non-empty address: a token that passes the tag check decodes to an address the server signed, so the canonical-form check (defence in depth) never changes which address is unsubscribed.',
  },
  {
    file: 'server/outreach/unsubscribe.ts',
    mutator: 'LogicalOperator',
    original:
      "!address || Buffer.from(address).toString('base64url') !== encoded || address !== address.toLowerCase()",
    reason:
      'As above: the HMAC tag covers exactly the decoded address and only the server makes tags, always for a canonical, lower-cased, non-empty address: a token that passes the tag check decodes to an address the server signed, so the canonical-form check (defence in depth) never changes which address is unsubscribed.',
  },
  {
    file: 'server/outreach/unsubscribe.ts',
    mutator: 'ConditionalExpression',
    original: "!address || Buffer.from(address).toString('base64url') !== encoded",
    replacement: 'false',
    reason: 'As above: the HMAC tag decides; the canonical-form check never does.',
  },
  {
    file: 'server/outreach/unsubscribe.ts',
    mutator: 'LogicalOperator',
    original: "!address || Buffer.from(address).toString('base64url') !== encoded",
    reason: 'As above: the HMAC tag decides; the canonical-form check never does.',
  },
  {
    file: 'server/outreach/unsubscribe.ts',
    mutator: 'ConditionalExpression',
    original: "Buffer.from(address).toString('base64url') !== encoded",
    replacement: 'false',
    reason:
      'As above: the HMAC tag decides; a non-canonical encoding of a signed address decodes to that same address.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrowFunction',
    original: '(ms: number) => new Promise((resolve) => setTimeout(resolve, ms))',
    replacement: '() => undefined',
    reason:
      "delay only spaces recordSent's three tries after a database error (250 and 500 ms): without it they come at once, and the email is recorded or the error thrown the same way; only how long a failing database is waited for changes.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'LogicalOperator',
    original: 'options.log ?? ((line: string) => console.log(line))',
    reason:
      "Where the worker's log lines go (the operator's console by default, the test's collector when given): no user sees a log line.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrowFunction',
    original: '(error) => log(`[outreach] queue error: ${error.message}`)',
    replacement: '() => undefined',
    reason:
      "Only whether pg-boss's own errors are logged: the jobs, their retries and the emails are the same.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrowFunction',
    original: '(warning) => log(`[outreach] queue warning: ${warning.message}`)',
    replacement: '() => undefined',
    reason:
      "Only whether pg-boss's warnings are logged: the jobs, their retries and the emails are the same.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    on: 'schedule: false,',
    reason:
      "schedule turns on pg-boss's cron scheduler; the outreach queue creates no schedules, so it would run with nothing to do.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrowFunction',
    original: '(line: string) => console.log(line)',
    replacement: '() => undefined',
    reason: "As above: only whether the worker's default log prints its lines; no user sees one.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: "typeof e.message === 'string'",
    replacement: 'true',
    reason:
      "Every error our mailer throws is an Error (nodemailer's included), whose message is a string: only a thrown non-Error with a truthy non-string `message` would be described otherwise, and no transport throws one.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: "typeof e.responseCode === 'number'",
    replacement: 'true',
    reason:
      "nodemailer sets responseCode only as the SMTP reply's number; an error without one reads as code 0 either way (not permanent), and the number is never written as text.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original:
      '{ useListenNotify: true, schedule: false, superviseIntervalSeconds: o.superviseIntervalSeconds, monitorIntervalSeconds: o.superviseIntervalSeconds, }',
    reason:
      "Queue tuning, not behaviour: without LISTEN/NOTIFY the worker still polls every pollingIntervalSeconds, without `schedule: false` pg-boss runs a cron scheduler nothing uses, and supervision runs at pg-boss's default interval. The same emails go, at most a poll later.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original:
      "{ ...common, connectionString: raw.url, // Its share of DATABASE_POOL_SIZE (server/platform/db/client.ts), besides its LISTEN connection. max: raw.queuePool, application_name: 'honeyleads-outreach', }",
    reason:
      'The PostgreSQL connection options: only built on PostgreSQL, where the pg suite (npm run test:pg runs every API test on PostgreSQL) fails without a connection string; the mutation run is on PGlite and never builds them.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: "raw.kind === 'postgres'",
    replacement: 'false',
    on: "raw.kind === 'postgres'",
    reason:
      "On PGlite (the mutation run's database) both forms take the PGlite branch; on PostgreSQL the mutant hands pg-boss a PGlite adapter over a pg pool and every outreach test of the pg suite (npm run test:pg) fails.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original: '{ retryLimit: 5, retryDelay: 30, retryBackoff: true }',
    reason:
      "The retry policy of the dead-letter queue's own jobs: a giveUp job fails only when the database does, and then pg-boss's defaults retry it too; the row it settles is the same.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    on: 'DEAD_QUEUE, { retryLimit',
    reason: 'As above: only the spacing of retries of a giveUp job that failed on a database error.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original: "{ status: 'failed', error: 'interrupted' }",
    reason:
      "With an empty update the attempt throws, and pg-boss retries it until the dead-letter queue's giveUp settles the row exactly so ('failed', 'interrupted', as the row is still `sending`): the email is still not sent again and ends the same, only later.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'row.sequenceId',
    replacement: 'true',
    on: 'else if (row.sequenceId)',
    reason:
      'Only a row without a sequence (written before sequences; none is queued since) differs, and stopping the sequence `null` matches no row.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'row.sequenceId',
    replacement: 'true',
    on: 'if (row.sequenceId) await finishIfLast',
    reason: 'As above: finishing the sequence `null` matches no row.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original: '{ skipLocked: true }',
    reason:
      "Without SKIP LOCKED a second instance waits for the first's row locks instead of skipping them; PostgreSQL then re-checks `status = 'scheduled'` on the committed rows and leaves out those the first released. The same follow-ups go once, only one instance waits (and PGlite has one connection, so nothing is ever locked).",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    on: 'skipLocked',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'LogicalOperator',
    original: "!sequence || sequence.state !== 'active'",
    reason:
      'Every follow-up row is written with its sequence (send.ts), so `!sequence` is never true; the state check is the same in both forms.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: "sequence.state !== 'active'",
    replacement: 'false',
    on: "sequence.state !== 'active')",
    reason:
      "stopSequence cancels a sequence's scheduled follow-ups in the transaction that stops it, and a sequence finishes only with none left, so release never meets a scheduled row of an inactive sequence; were it to queue one, deliver checks again under the row lock and cancels it with the same reason before sending (tests/api/outreach-send-rules 'a follow-up already queued when its sequence stops').",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BlockStatement',
    original:
      "{ await tx .update(outreachEmails) .set({ status: 'cancelled', error: `stopped: ${sequence?.stopReason ?? 'failed'}` }) .where(eq(outreachEmails.id, row.id)); continue; }",
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'OptionalChaining',
    original: 'sequence?.stopReason',
    reason:
      '`sequence` is undefined only for a scheduled row without a sequence, which is never written (every follow-up has one).',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    on: 'notify: true',
    reason:
      '`notify: true` wakes the worker by NOTIFY when a job is queued; without it the worker finds the job at its next poll (pollingIntervalSeconds). The same email goes, a poll later.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'settled?.sequenceId',
    replacement: 'true',
    reason:
      'Only a dead job whose row was already settled (nothing updated) differs: stopping the sequence `undefined` matches no row.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'OptionalChaining',
    original: 'settled?.sequenceId',
    reason:
      "For a dead job whose row was already settled the mutant throws, and pg-boss retries the giveUp job, which finds nothing to settle each time: the operator's log only.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'CallExpression',
    original: 'clearInterval(releasing);',
    reason:
      "stop() runs when the process shuts down; the release interval is unref'd, so it neither keeps the process alive nor releases anything a user sees before exit.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ObjectLiteral',
    original: '{ graceful: true, timeout: stopOptions.timeoutMs ?? 8_000 }',
    reason:
      "Shutdown: how long pg-boss waits for sends in flight. An email cut off mid-send is left `sending` and settled as 'interrupted' by the next start, never sent twice (tested); only the wait before exit changes.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    on: 'graceful',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'LogicalOperator',
    original: 'stopOptions.timeoutMs ?? 8_000',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'services.outreach === queue',
    replacement: 'true',
    reason:
      'After stop() the server is shutting down and answers no more sends; which queue `services.outreach` names then is not seen.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'services.outreach === queue',
    replacement: 'false',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'EqualityOperator',
    original: 'services.outreach === queue',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'o.work',
    reason:
      "Either `if (o.work)`: an instance started enqueue-only (an operator's choice for a web-only instance) would also send or release follow-ups. The same emails go, once: pg-boss hands each job to one worker, and release takes each due row under FOR UPDATE SKIP LOCKED.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'busy',
    reason:
      'Without the guard a release may start while the previous one still runs; the rows it locked are skipped (SKIP LOCKED) and those it released are no longer scheduled, so each follow-up is still released once.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    on: 'busy = true',
    reason: 'As above.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrowFunction',
    original:
      '(error: unknown) => log( `[outreach] releasing follow-ups failed: ${error instanceof Error ? error.message : String(error)}`, )',
    reason: "A line in the operator's log; nothing a user or an API client sees changes.",
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'BlockStatement',
    original:
      '{ const compare = nameOrder(lang); BY_NAME[lang] = PLACES.map((place) => place.iso2).sort((a, b) => compare(countryName(a, lang), countryName(b, lang)), ); }',
    reason:
      "A static mutant: the country order is built once per process and kept (BY_NAME), so under Stryker's mutant switching the order the first test built stays. Applied by hand, it fails tests/api/leads.test.ts 'sorts by country as the page names it' (and its three siblings below fail the same test).",
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'MethodExpression',
    original:
      'PLACES.map((place) => place.iso2).sort((a, b) => compare(countryName(a, lang), countryName(b, lang)), )',
    reason:
      "As above (static: built once per process); fails 'sorts by country as the page names it' when applied by hand.",
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'ArrowFunction',
    original: '(place) => place.iso2',
    reason:
      "As above (static: built once per process); fails 'sorts by country as the page names it' when applied by hand.",
  },
  {
    file: 'server/leads/pipeline.ts',
    mutator: 'ArrowFunction',
    original: '(a, b) => compare(countryName(a, lang), countryName(b, lang))',
    reason:
      "As above (static: built once per process); fails 'sorts by country as the page names it' when applied by hand.",
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'ArrowFunction',
    original: "(field: string) => new AppError(ErrorCode.VALIDATION, 'invalidField', { field }, { field })",
    reason:
      "A static mutant: `invalid` is made once when the module loads, before Stryker switches a mutant on. Applied by hand, it fails tests/api/search-requests.test.ts ('edited chips naming a product we do not know: 40001 naming products', '\"show more\" in a conversation that never searched for a product: 40001 naming more').",
  },
  {
    file: 'server/leads/service.ts',
    mutator: 'BlockStatement',
    original: '{ await returnSearch(services, user.id, day); throw error; }',
    reason:
      "Reached only when the database fails while the sentence is read (the LLM allowance's count, or the conversation's stored criteria): the search is given back as when the search itself fails before finding a lead, which tests/api/search-stream.test.ts shows ('a failure before any lead was found').",
  },
  {
    file: 'server/outreach/draft.ts',
    mutator: 'OptionalChaining',
    original: 'parsed.error.issues[0]?.message',
    reason:
      "zod's failed parse always holds at least one issue; the message only goes to the operator's log.",
  },
  {
    file: 'server/outreach/inbound.ts',
    mutator: 'ObjectLiteral',
    original: '{ maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 }',
    reason:
      "The reader's memory ceiling: no message the hook accepts (its body limit) comes near 128 MB, so the limit decides nothing in a test; tests/unit/isolate.test.ts shows that a worker over its heap limit is answered crashed and the next job is read, and readingOf (tests/unit/inbound-reader.test.ts) what a crash means for the message.",
  },
  {
    file: 'server/outreach/inboundMessage.ts',
    mutator: 'ConditionalExpression',
    original: 'colon < 0',
    reason:
      "A delivery-status line without a colon then reads its name as the line less its last character; it counts only if that is exactly 'action' or 'status' (a 7-character line such as 'Actions'), which no MTA writes between a report's fields.",
  },
  {
    file: 'server/outreach/recipients.ts',
    mutator: 'ConditionalExpression',
    original: 'emails.length === 0',
    reason:
      'Drizzle writes inArray of an empty list as `false`: the query answers the same empty set; the early answer only saves a round trip.',
  },
  {
    file: 'server/outreach/send.ts',
    mutator: 'ArithmeticOperator',
    original: 'i + 2',
    on: 'requestId',
    reason:
      "The suffix only keeps each follow-up's request_id unique under the (user, request_id) index; no answer shows it and a client cannot send one ('#' is outside its alphabet), so '#step-2' serves as '#step2'.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrayDeclaration',
    original: '[...new Set(due.map((row) => row.userId))]',
    reason:
      "The users' row locks order a release against another instance's release of the same user's rows; on PGlite (the mutation run's database) one connection never lets two transactions overlap. On PostgreSQL tests/pg/outreach-release.test.ts kills it: two releases at once would queue 2 follow-ups past a day of 49 sent.",
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ArrowFunction',
    original: '(row) => row.userId',
    reason: 'As above: killed on PostgreSQL by tests/pg/outreach-release.test.ts.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'senders.length',
    replacement: 'false',
    reason: 'As above: killed on PostgreSQL by tests/pg/outreach-release.test.ts.',
  },
  {
    file: 'server/outreach/queue.ts',
    mutator: 'ConditionalExpression',
    original: 'senders.length',
    replacement: 'true',
    reason:
      'With no due row there is no one to lock: drizzle writes inArray of an empty list as `false`, so the locking query selects nothing either way.',
  },
];
