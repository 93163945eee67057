/**
 * Which rooms an episodic memory names, by the scene graph's ids: the heuristic memorizer writes
 * them into its readable text ("…in scene s1; the mug was found in the bedroom (room_2);
 * unpromising rooms (searched, no mug): kitchen (room_4)…"), and grounding reads them back here,
 * so a later search in the same house goes to that bedroom, not to any bedroom. Labels repeat
 * within a house; ids do not, and they mean nothing in another house.
 */

export interface EpisodeRooms {
  sceneId: string;
  foundInRoomId: string | null;
  roomIdsWithoutTarget: string[];
}

/** "bedroom (room_2)": a room as the text names it, label first for a reader, id for the planner. */
export function roomWithId(label: string, id: string): string {
  return label === id ? `(${id})` : `${label} (${id})`;
}

const SCENE = /\bin scene ([^;]+?);/i;
const FOUND = /\bwas found in (?:the )?[^;()]*\(([^()]+)\)\s*(?:;|\.?$)/i;
const WITHOUT = /\bunpromising rooms \(searched, no [^)]*\):\s*([^;]+)/i;
const ID_IN_ITEM = /\(([^()]+)\)\s*\.?\s*$/;

/** The rooms an episodic text names by id, with its scene; null when it names no scene (other writers, raw text). */
export function episodeRooms(text: string): EpisodeRooms | null {
  const scene = SCENE.exec(text);
  if (!scene) return null;
  const found = FOUND.exec(text);
  const without = WITHOUT.exec(text);
  const ids = without
    ? without[1].split(",").flatMap((item) => {
        const m = ID_IN_ITEM.exec(item.trim());
        return m ? [m[1].trim()] : [];
      })
    : [];
  return { sceneId: scene[1].trim(), foundInRoomId: found ? found[1].trim() : null, roomIdsWithoutTarget: ids };
}
