// Every web test renders in English, whatever the machine's language: the one i18next instance, set up once.
import { i18n, i18nReady } from '../lib/i18n';

await i18nReady;
await i18n.changeLanguage('en');
