/** What other features use of preferences: the display-mode and language actions (the page itself is loaded by the router). */
export { setDisplayMode, switchLanguage } from './preferences.actions.ts';
