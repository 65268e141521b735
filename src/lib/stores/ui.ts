import { atom } from 'nanostores';

/** The popups any island can open; one host island renders them (islands/account/Popups). */
export type PopupName = 'redeem' | 'plan' | 'yourPlan' | 'upload' | 'email' | 'password';

/** The popup open now, or null. */
export const $popup = atom<PopupName | null>(null);

/** Opens a popup by name (the account menu, the beans counter, an insufficient-beans refusal). */
export function openPopup(name: PopupName): void {
  $popup.set(name);
}

/** Closes whichever popup is open. */
export function closePopup(): void {
  $popup.set(null);
}
