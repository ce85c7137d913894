import { createContext, useContext } from 'react';

/** The sidebar's select mode (bulk archive / delete / move): which rows are ticked. */
export interface Selection {
  active: boolean;
  selected: ReadonlySet<string>;
  toggle(id: string): void;
}

export const SelectionContext = createContext<Selection>({
  active: false,
  selected: new Set(),
  toggle: () => undefined,
});

export const useSelection = (): Selection => useContext(SelectionContext);
