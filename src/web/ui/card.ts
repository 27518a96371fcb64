/** The panel every card, section and list box of the app sits on. */
export const CARD = 'rounded-xl border border-slate-800 bg-slate-900'
