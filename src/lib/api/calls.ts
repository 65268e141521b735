/**
 * One typed function per call of spec §7 (and the calls our server adds), so islands never write
 * a URL. Payloads are documented in docs/api.md and typed once in contract/api.ts.
 */
import type {
  BeanLedgerEntry,
  ChangePasswordRequest,
  ChatHistoryItem,
  ChatTranscriptMessage,
  CompanyInfo,
  GenerateEmailRequest,
  GenerateInvitationRequest,
  InvitationCode,
  Language,
  LeadExport,
  LeadFacets,
  LeadListPage,
  LeadView,
  LoginRequest,
  OutreachDraft,
  OutreachQuota,
  OutreachStatus,
  OutreachThread,
  ProductName,
  SaveProfileRequest,
  SellerProfile,
  PayUrlQuery,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  ReverifyRequest,
  SendEmailRequest,
  SentEmail,
  TranslateRequest,
  UserInfo,
  VerifyRequest,
} from '../../../contract/api.ts';
import { request, type RequestOptions } from './client.ts';
import type { LeadStage } from '../../../contract/rules.ts';

type Extra = Pick<RequestOptions, 'toast' | 'signal'>;

// Accounts (spec §7 /user/*). Calls made before login turn the token off.
/** POST /user/login: credentials in, the token in data (spec §4 "Login"). */
export const login = (body: LoginRequest, extra?: Extra) =>
  request<string>('/user/login', { method: 'POST', body, auth: false, ...extra });
/** POST /user/register: sends the verification email; data is the sign-up token to keep. */
export const register = (body: RegisterRequest, extra?: Extra) =>
  request<RegisterResponse>('/user/register', { method: 'POST', body, auth: false, ...extra });
/** POST /user/reverify_email: sends the verification email again (for this sign-up, with its token). */
export const reverifyEmail = (body: ReverifyRequest, extra?: Extra) =>
  request<null>('/user/reverify_email', { method: 'POST', body, auth: false, ...extra });
/**
 * POST /user/register_verification: checks the emailed code and logs in (token in data). Without
 * this browser's sign-up token it answers PASSWORD_REQUIRED until a `password` comes with it.
 */
export const registerVerification = (body: VerifyRequest, extra?: Extra) =>
  request<string>('/user/register_verification', { method: 'POST', body, auth: false, ...extra });
/** POST /user/reset_token: emails a single-use reset code. */
export const resetToken = (body: { email: string }, extra?: Extra) =>
  request<null>('/user/reset_token', { method: 'POST', body, auth: false, ...extra });
/** POST /user/reset_password: sets a new password with the emailed code. */
export const resetPassword = (body: ResetPasswordRequest, extra?: Extra) =>
  request<null>('/user/reset_password', { method: 'POST', body, auth: false, ...extra });
/** POST /user/logout: revokes the token on the server. */
export const logout = (extra?: Extra) => request<null>('/user/logout', { method: 'POST', ...extra });
/**
 * POST /user/change_password: sets a new password given the current one. The user's other sessions
 * end; this one's new token comes in the answer's New-Token header, which the client stores.
 */
export const changePassword = (body: ChangePasswordRequest, extra?: Extra) =>
  request<null>('/user/change_password', { method: 'POST', body, ...extra });
/** POST /user/modify_language: saves the user's language. */
export const modifyLanguage = (body: { language: Language }, extra?: Extra) =>
  request<null>('/user/modify_language', { method: 'POST', body, ...extra });
/** GET /user/user_info: the fields of spec §3. */
export const getUserInfo = (extra?: Extra) => request<UserInfo>('/user/user_info', extra);
/** POST /user/redeem_point: redeems a code; data is the beans added. */
export const redeemPoint = (body: { code: string }, extra?: Extra) =>
  request<number | null>('/user/redeem_point', { method: 'POST', body, ...extra });
/** GET /user/bean_history: the user's ledger, newest first. */
export const getBeanHistory = (query: { page?: number; page_size?: number } = {}, extra?: Extra) =>
  request<{ items: BeanLedgerEntry[]; total: number }>('/user/bean_history', { query, ...extra });

// Invitation codes (agents only).
/** POST /user/generate_invitation_code: prefix of 4 letters or digits, quantity 1 to 5. */
export const generateInvitationCode = (body: GenerateInvitationRequest, extra?: Extra) =>
  request<InvitationCode[]>('/user/generate_invitation_code', { method: 'POST', body, ...extra });
/** GET /user/invitation_code_list: the agent's codes with their state. */
export const invitationCodeList = (extra?: Extra) =>
  request<InvitationCode[]>('/user/invitation_code_list', extra);

// Company files. POST /upload_file is `uploadFile` in ./upload.ts (it reports progress).
/** GET /get_file?clientId: the company info built from the user's files. */
export const getFile = (query: { clientId: string }, extra?: Extra) =>
  request<CompanyInfo>('/get_file', { query, ...extra });
/** GET /get_s3_url: a short-lived URL to download one of the user's files. */
export const getS3Url = (query: { file_id: string }, extra?: Extra) =>
  request<{ url: string; expires_at: string }>('/get_s3_url', { query, ...extra });
/** POST /delete_file: deletes one of the user's files. */
export const deleteFile = (body: { file_id: string }, extra?: Extra) =>
  request<null>('/delete_file', { method: 'POST', body, ...extra });

// Search and chat.
/** GET /get_default_query: example queries for an empty chat. */
export const getDefaultQuery = (query: { language: Language }, extra?: Extra) =>
  request<string[]>('/get_default_query', { query, auth: false, ...extra });
/** GET /complete_query: suggestions while the user types. */
export const completeQuery = (query: { q: string; language: Language }, extra?: Extra) =>
  request<string[]>('/complete_query', { query, ...extra });
/** GET /chat/get_chat_history: the user's past conversations. */
export const getChatHistory = (extra?: Extra) => request<ChatHistoryItem[]>('/chat/get_chat_history', extra);
/** POST /chat/delete_chat_history: deletes one conversation. */
export const deleteChatHistory = (body: { chat_id: string }, extra?: Extra) =>
  request<null>('/chat/delete_chat_history', { method: 'POST', body, ...extra });
/** POST /translate: translates outreach text; FEATURE_DISABLED (50300) when no LLM is configured. */
export const translateText = (body: TranslateRequest, extra?: Extra) =>
  request<{ text: string }>('/translate', { method: 'POST', body, ...extra });

// Leads.
/** POST /spider/verify_media: checks a social link's platform and format. */
export const verifyMedia = (body: { url: string }, extra?: Extra) =>
  request<{ platform: string; valid: boolean; url: string }>('/spider/verify_media', {
    method: 'POST',
    body,
    ...extra,
  });
/** GET /user/get_delve_email: finds more emails for an unlocked lead (at most 5 a lead). */
export const getDelveEmail = (query: { lead_id: string }, extra?: Extra) =>
  request<{ emails: { email: string; status: string }[] }>('/user/get_delve_email', { query, ...extra });
/** POST /user/set_memo: the memo on a saved lead. */
export const setMemo = (body: { lead_id: string; memo: string }, extra?: Extra) =>
  request<null>('/user/set_memo', { method: 'POST', body, ...extra });
/** Filters of the saved and unlocked lists (and of their export). */
export type LeadFilterQuery = {
  q?: string;
  /** A code or a name in either language. */
  country?: string;
  role?: 'buyer' | 'supplier';
  stage?: LeadStage;
  tag?: string;
  sort?: 'newest' | 'oldest' | 'name' | 'country' | 'role' | 'stage';
  dir?: 'asc' | 'desc';
};
export type LeadListQuery = LeadFilterQuery & { page?: number; page_size?: number };
/** GET /leads/collects: the saved leads. */
export const listCollects = (query: LeadListQuery = {}, extra?: Extra) =>
  request<LeadListPage>('/leads/collects', { query, ...extra });
/** GET /leads/unlocked: the unlocked leads with their contacts. */
export const listUnlocked = (query: LeadListQuery = {}, extra?: Extra) =>
  request<LeadListPage>('/leads/unlocked', { query, ...extra });
/** GET /leads/{collects|unlocked}/export: every row the filters match, up to `limit`. */
export const exportLeads = (kind: 'collects' | 'unlocked', query: LeadFilterQuery, extra?: Extra) =>
  request<LeadExport>(`/leads/${kind}/export`, { query, ...extra });
/** GET /leads/{collects|unlocked}/facets: the countries (in the page's language) and tags to filter by. */
export const leadFacets = (kind: 'collects' | 'unlocked', extra?: Extra) =>
  request<LeadFacets>(`/leads/${kind}/facets`, { ...extra });
/** POST /leads/stage: one stage for several leads (an unlocked lead not saved is saved). */
export const setLeadStage = (body: { lead_ids: string[]; stage: LeadStage }, extra?: Extra) =>
  request<null>('/leads/stage', { method: 'POST', body, ...extra });
/** POST /leads/tags: tags added to and removed from several saved leads. */
export const changeLeadTags = (
  body: { lead_ids: string[]; add?: string[]; remove?: string[] },
  extra?: Extra,
) => request<null>('/leads/tags', { method: 'POST', body, ...extra });
/** POST /leads/unlock: 1 bean, once per lead; reveals up to 5 emails, phones and social links. */
export const unlockLead = (body: { lead_id: string }, extra?: Extra) =>
  request<LeadView>('/leads/unlock', { method: 'POST', body, ...extra });
/** GET /chat/messages: a past conversation, to reopen it. */
export const getChatMessages = (query: { chat_id: string }, extra?: Extra) =>
  request<ChatTranscriptMessage[]>('/chat/messages', { query, ...extra });
/** GET /chat/quota: free searches left today; null for a subscriber (not held to them). */
export const getSearchQuota = (extra?: Extra) =>
  request<{ searches_left: number | null }>('/chat/quota', extra);
/** POST /leads/collect: saves a lead. */
export const collectLead = (body: { lead_id: string }, extra?: Extra) =>
  request<null>('/leads/collect', { method: 'POST', body, ...extra });
/** DELETE /leads/collect: unsaves one or more leads. */
export const uncollectLeads = (body: { lead_ids: string[] }, extra?: Extra) =>
  request<null>('/leads/collect', { method: 'DELETE', body, ...extra });

// Plans and payments.
/** PUT /pay/stripe/cancel_subscription: empty payload; the plan stays until expiry. */
export const cancelSubscription = (extra?: Extra) =>
  request<null>('/pay/stripe/cancel_subscription', { method: 'PUT', body: {}, ...extra });
/** GET /pay/stripe/pay_url: a checkout URL for goods_id that returns to success_url. */
export const getPayUrl = (query: PayUrlQuery, extra?: Extra) =>
  request<{ url?: string }>('/pay/stripe/pay_url', { query: { ...query }, ...extra });

// Outreach email (docs/api.md "Outreach email").
/** POST /outreach/generate: a draft for an unlocked lead; 40300 when the lead is not unlocked. */
export const generateEmail = (body: GenerateEmailRequest, extra?: Extra) =>
  request<OutreachDraft>('/outreach/generate', { method: 'POST', body, ...extra });
/** POST /outreach/send: queues one email to one address; the same request_id is sent once. */
export const sendEmail = (body: SendEmailRequest, extra?: Extra) =>
  request<SentEmail>('/outreach/send', { method: 'POST', body, ...extra });
/** GET /outreach/quota: today's emails against the daily cap, follow-ups due today included. */
export const outreachQuota = (extra?: Extra) => request<OutreachQuota>('/outreach/quota', extra);
/** GET /outreach/thread: one recipient's sequence and every email of it. */
export const outreachThread = (query: { sequence_id: string }, extra?: Extra) =>
  request<OutreachThread>('/outreach/thread', { query, ...extra });
/** POST /outreach/replied: the recipient answered; its follow-ups stop. */
export const markReplied = (body: { sequence_id: string }, extra?: Extra) =>
  request<OutreachThread>('/outreach/replied', { method: 'POST', body, ...extra });
/** GET /outreach/sent: the user's outreach emails, newest first. */
export const listSentEmails = (
  query: { page?: number; page_size?: number; status?: OutreachStatus } = {},
  extra?: Extra,
) => request<{ items: SentEmail[]; total: number }>('/outreach/sent', { query, ...extra });

// Seller profile (docs/api.md "Seller profile").
/** GET /profile: the account's seller profile, read from the company files the first time. */
export const getProfile = (extra?: Extra) => request<SellerProfile>('/profile', extra);
/** PUT /profile: saves the whole profile; changed fields count as edited. */
export const saveProfile = (body: SaveProfileRequest, extra?: Extra) =>
  request<SellerProfile>('/profile', { method: 'PUT', body, ...extra });
/** POST /profile/refresh: reads the files again into the fields not edited (`reset`: all of them). */
export const refreshProfile = (body: { reset?: boolean }, extra?: Extra) =>
  request<SellerProfile>('/profile/refresh', { method: 'POST', body, ...extra });
/** GET /profile/products: taxonomy products whose names match what was typed. */
export const suggestProducts = (query: { q: string }, extra?: Extra) =>
  request<ProductName[]>('/profile/products', { query, ...extra });
