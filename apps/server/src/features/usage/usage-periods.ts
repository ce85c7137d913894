/** Quota and accounting periods are UTC days and UTC calendar months. */

/** The UTC day of a moment, as 'YYYY-MM-DD' (usage_daily.day). */
export const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The first day of the moment's UTC month, as 'YYYY-MM-DD'. */
export const monthStartOf = (moment: Date): string => `${moment.toISOString().slice(0, 7)}-01`;

/** When the current UTC day ends (the next midnight), ISO. */
export const nextDayStart = (moment: Date): string =>
  new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate() + 1)).toISOString();

/** When the current UTC month ends (the first of the next month), ISO. */
export const nextMonthStart = (moment: Date): string =>
  new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() + 1, 1)).toISOString();
