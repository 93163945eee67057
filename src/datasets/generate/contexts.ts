/**
 * The library of personalized contexts the generator draws from: routines, preferences,
 * relationships (who gave it), events (how it was acquired), owners, seasons and places.
 *
 * Each value has explicit phrasings (said in acquisition episodes, with the words that pin it
 * down: `keywords`) and implicit paraphrases (said in evaluation episodes) that share none of
 * those keywords, so that finding the right memory is a retrieval problem and not string
 * matching. All phrases are post-modifiers of a noun: "the blue mug ⟨that my sister gave me⟩",
 * "the one ⟨that came from my sibling⟩".
 */
import type { Category } from "../../sim/index.ts";
import type { ContextDimension } from "../scenario-schema.ts";

export interface ContextValue {
  dimension: ContextDimension;
  id: string;
  /** words that single this context out; implicit phrasings never contain them */
  keywords: string[];
  explicit: string[];
  implicit: string[];
  /** categories it fits; undefined: any. For routines this is also a hint a no-prior agent can use */
  categories?: Category[];
}

const v = (
  dimension: ContextDimension,
  id: string,
  keywords: string[],
  explicit: string[],
  implicit: string[],
  categories?: Category[],
): ContextValue => ({ dimension, id, keywords, explicit, implicit, categories });

export const CONTEXT_LIBRARY: readonly ContextValue[] = [
  // routines: one object per routine at a time
  v(
    "routine",
    "morning-coffee",
    ["morning", "coffee"],
    ["that I use for my morning coffee", "I drink my morning coffee from"],
    ["that holds my first caffeine fix of the day", "I reach for when I need my wake-up brew"],
    ["mug"],
  ),
  v(
    "routine",
    "evening-tea",
    ["evening", "tea"],
    ["that I use for my evening tea", "I drink tea from in the evening"],
    ["I fill with an herbal infusion after supper", "that I sip chamomile from before bed"],
    ["mug"],
  ),
  v(
    "routine",
    "gym",
    ["gym"],
    ["that I take to the gym", "I use at the gym"],
    ["that I carry to my workouts", "that goes with me when I lift weights"],
    ["bag", "backpack", "shoes", "headphones", "watch"],
  ),
  v(
    "routine",
    "commute",
    ["commute", "commuting", "train"],
    ["that I bring on my commute", "I use while commuting on the train"],
    ["that keeps me company on the ride to the office", "I rely on during the daily trip downtown"],
    ["backpack", "bag", "headphones", "book", "cellphone", "laptop"],
  ),
  v(
    "routine",
    "hiking",
    ["hike", "hiking", "hikes"],
    ["that I take on weekend hikes", "I bring hiking"],
    ["that comes along on my Saturday trail treks", "I pack when I head up into the hills"],
    ["backpack", "hat", "shoes", "visor", "camera"],
  ),
  v(
    "routine",
    "tennis",
    ["tennis"],
    ["that I use for tennis on Thursdays", "I bring to tennis practice"],
    ["that I bring to my weekly racket match", "that comes to the court with me"],
    ["ball", "visor", "shoes", "bag", "hat"],
  ),
  v(
    "routine",
    "bedtime-reading",
    ["bed", "bedtime", "read", "reading"],
    ["that I read in bed every night", "I use for reading at bedtime"],
    ["that keeps me company before I fall asleep", "I turn to for a few pages before lights out"],
    ["book", "eyeglasses"],
  ),
  v(
    "routine",
    "video-calls",
    ["video", "call", "calls"],
    ["that I use for video calls", "I take video calls with"],
    ["that I join online meetings with", "I rely on when the team meets over the internet"],
    ["laptop", "headphones", "cellphone"],
  ),
  v(
    "routine",
    "dog-walks",
    ["dog", "walk", "walks"],
    ["that I take on dog walks", "I bring when I walk the dog"],
    ["that comes along when I take the puppy out", "I grab before the pup and I leave for our stroll"],
    ["keys", "hat", "cellphone", "shoes", "bag"],
  ),
  v(
    "routine",
    "photo-outings",
    ["photo", "photos", "photography"],
    ["that I use for photography outings", "I take photos with on weekends"],
    ["that I capture pictures with on excursions", "I bring when I go out shooting scenery"],
    ["camera", "cellphone", "bag"],
  ),
  v(
    "routine",
    "running",
    ["run", "running", "runs", "jog"],
    ["that I wear when I go running", "I use on my runs"],
    ["that I put on for laps around the park", "I wear for my cardio around the block"],
    ["shoes", "watch", "headphones", "visor", "hat"],
  ),
  v(
    "routine",
    "flights",
    ["flight", "flights", "plane", "travel"],
    ["that I always pack for flights", "I travel with on the plane"],
    ["that goes in my carry-on whenever I fly", "I keep with me at the airport"],
    ["bag", "backpack", "headphones", "eyeglasses", "wallet", "book"],
  ),
  v(
    "routine",
    "gardening",
    ["garden", "gardening"],
    ["that I wear for gardening", "I use in the garden"],
    ["that I put on when I tend the flower beds", "I wear while pulling weeds outside"],
    ["hat", "shoes", "visor"],
  ),
  v(
    "routine",
    "beach",
    ["beach"],
    ["that I take to the beach", "I use at the beach"],
    ["that comes with me to the seaside", "I bring for a day on the sand by the sea"],
    ["hat", "visor", "bag", "ball", "eyeglasses", "book"],
  ),
  v(
    "routine",
    "kids-play",
    ["play", "playtime", "kids"],
    ["that the kids play with after school", "I use for playtime with the kids"],
    ["that the children have fun with once lessons are over", "I bring out when the little ones want a game"],
    ["ball", "toy", "teddy bear", "book"],
  ),
  // preferences: one object per preference at a time
  v(
    "preference",
    "favorite",
    ["favorite", "favourite"],
    ["that is my favorite", "I like best of all"],
    ["that I love the most", "I'm fondest of"],
  ),
  v(
    "preference",
    "lucky",
    ["lucky", "luck", "charm"],
    ["that is my lucky charm", "I consider lucky"],
    ["that brings me good fortune", "I count on to bring me fortune on big days"],
  ),
  v(
    "preference",
    "special-occasions",
    ["special", "occasion", "occasions"],
    ["that I save for special occasions", "I only use on special occasions"],
    ["that I only bring out for big celebrations", "I keep for the fancy events"],
  ),
  v(
    "preference",
    "spare",
    ["spare", "backup"],
    ["that is my spare", "I keep as a backup"],
    ["that I keep in reserve in case the usual one breaks", "I fall back on when the regular one is missing"],
  ),
  v(
    "preference",
    "sentimental",
    ["sentimental"],
    ["that has sentimental value to me", "I keep for sentimental reasons"],
    ["that means a lot to me emotionally", "I could never part with because of the memories"],
  ),
  // who gave it
  v(
    "giver",
    "sister",
    ["sister"],
    ["that my sister gave me", "I got from my sister"],
    ["that came from my sibling", "my sibling gifted me"],
  ),
  v(
    "giver",
    "grandmother",
    ["grandmother", "grandma"],
    ["that my grandmother gave me", "I inherited from my grandma"],
    ["that Nana passed on to me", "that came from my mom's mother"],
  ),
  v(
    "giver",
    "best-friend",
    ["best", "friend"],
    ["that my best friend gave me", "I got from my best friend"],
    ["that came from my closest pal", "my oldest buddy surprised me with"],
  ),
  v(
    "giver",
    "coworker",
    ["coworker", "colleague", "colleagues"],
    ["that a coworker gave me", "I got from my colleagues"],
    ["that came from someone at my job", "the people I share a desk row with chipped in for"],
  ),
  v(
    "giver",
    "partner",
    ["partner"],
    ["that my partner gave me", "I got from my partner"],
    ["that my significant other surprised me with", "my other half picked out for me"],
  ),
  v(
    "giver",
    "uncle",
    ["uncle"],
    ["that my uncle gave me", "I got from my uncle"],
    ["that came from my dad's brother", "my father's sibling handed down to me"],
  ),
  v(
    "giver",
    "neighbor",
    ["neighbor", "neighbour", "neighbors"],
    ["that my neighbor gave me", "I got from the neighbors"],
    ["that came from the folks next door", "the people across the fence passed over to me"],
  ),
  // how / when it was acquired
  v(
    "occasion",
    "kyoto-trip",
    ["kyoto"],
    ["that I brought back from Kyoto", "I bought on the Kyoto trip"],
    ["that I picked up in Japan", "that is a souvenir from my time in Japan"],
  ),
  v(
    "occasion",
    "birthday",
    ["birthday"],
    ["that I got for my birthday", "I received on my birthday"],
    ["that I received when I turned a year older", "that showed up with the cake and candles this year"],
  ),
  v(
    "occasion",
    "graduation",
    ["graduation", "graduated"],
    ["that I got at my graduation", "I received when I graduated"],
    ["that I received when I finished my degree", "that marked the end of my university years"],
  ),
  v(
    "occasion",
    "wedding",
    ["wedding"],
    ["that I got as a wedding present", "we received at our wedding"],
    ["that we received when we tied the knot", "that arrived among the presents on the day we got married"],
  ),
  v(
    "occasion",
    "paris-trip",
    ["paris"],
    ["that I bought in Paris", "I brought back from Paris"],
    ["that I picked up in France", "that is a souvenir from the French capital"],
  ),
  v(
    "occasion",
    "christmas",
    ["christmas"],
    ["that I got for Christmas", "I found under the Christmas tree"],
    ["that I unwrapped in late December", "that came with the holiday presents at the end of the year"],
  ),
  v(
    "occasion",
    "flea-market",
    ["flea", "market"],
    ["that I found at the flea market", "I bought at the flea market"],
    ["that I bargained for at a secondhand stall", "I dug out of a pile of used goods at a weekend fair"],
  ),
  // whose it is
  v(
    "owner",
    "daughter",
    ["daughter"],
    ["that belongs to my daughter", "my daughter uses"],
    ["that my little girl uses", "that is my girl's"],
  ),
  v("owner", "son", ["son"], ["that belongs to my son", "my son uses"], ["that my boy uses", "that is my boy's"]),
  v(
    "owner",
    "roommate",
    ["roommate", "share", "shared"],
    ["that I share with my roommate", "my roommate and I share"],
    ["that the person I live with and I both use", "that my flatmate borrows all the time"],
  ),
  v(
    "owner",
    "guests",
    ["guest", "guests"],
    ["that I keep for guests", "guests use when they visit"],
    ["that visitors use when they stay over", "I lend to whoever sleeps on the sofa bed"],
  ),
  // when it is used
  v(
    "season",
    "winter",
    ["winter"],
    ["that I use in winter", "I only use in the winter"],
    ["that I need when it snows", "that comes out in the cold months"],
  ),
  v(
    "season",
    "summer",
    ["summer"],
    ["that I use in summer", "I only use in the summer"],
    ["that I need when it is hot out", "that comes out in the warm months"],
  ),
  v(
    "season",
    "rainy-days",
    ["rain", "rainy"],
    ["that I use on rainy days", "I take when it rains"],
    ["that I need when it pours", "I grab when the sky is grey and wet"],
  ),
  // where it belongs
  v(
    "place",
    "office",
    ["office"],
    ["that I take to the office", "I use at the office"],
    ["that goes with me to my workplace", "that I have at my desk at work"],
  ),
  v(
    "place",
    "cabin",
    ["cabin"],
    ["that I keep for the cabin", "we use at the cabin"],
    ["that belongs at our lakeside retreat", "we bring to the little wooden house by the lake"],
  ),
  v(
    "place",
    "car",
    ["car"],
    ["that I keep in the car", "usually rides in my car"],
    ["that usually travels in my vehicle", "I leave in the glovebox or on the back seat"],
  ),
];

export function contextValue(dimension: ContextDimension, id: string): ContextValue {
  const c = CONTEXT_LIBRARY.find((x) => x.dimension === dimension && x.id === id);
  if (!c) throw new Error(`no context value ${dimension}/${id} in the library`);
  return c;
}

export function valuesOf(dimension: ContextDimension): ContextValue[] {
  return CONTEXT_LIBRARY.filter((x) => x.dimension === dimension);
}

export function fits(value: ContextValue, category: Category): boolean {
  return value.categories === undefined || value.categories.includes(category);
}
