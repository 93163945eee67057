/**
 * "0800-1700": two ends of the 24-hour clock joined by a dash are a window only when both sit on a
 * quarter hour, as a timetable writes them, and are not two years of this era or the last
 * ("1990-2010", "1900-2000"); any other two numbers with a dash may be anything, and are asked.
 */
export function dashedClocks(a: string, b: string): boolean {
  const ends = [a, b].map((e) => /^([01]\d|2[0-3])(\d{2})$/.exec(e.trim()));
  if (!ends.every((e) => e && Number(e[2]) % 15 === 0)) return false;
  return !ends.every((e) => e && (e[1] === "19" || e[1] === "20"));
}
