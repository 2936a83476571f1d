import { useSearchParams } from "react-router";

/**
 * The open tab of a page, kept in ?tab= so a reload or a shared link keeps it (the `fallback` tab, open when none
 * or an unknown one is asked for, leaves it out). Returns the tab and what changes it.
 */
export function useTabParam<V extends string>(tabs: readonly V[], fallback: V = tabs[0]!): [V, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab = tabs.includes(asked as V) ? (asked as V) : fallback;
  const choose = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback) next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, choose];
}
