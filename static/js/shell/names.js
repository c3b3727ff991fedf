// Who made a move, as the log tells it: the name the seat had then. A seat that changed hands
// during the game (a newcomer took a computer player's seat, the host gave a person's seat to
// the computer) keeps its earlier moves under the name that made them: the server lists each
// change in room.renames as {seat, name it had, before: the number of the first later event}.

// The name seat `seat` had at event number `n` ("" for no seat).
export function nameThen(room, seat, n) {
  if (seat == null) return "";
  const change = (room?.renames || []).find((r) => r.seat === seat && n < r.before);
  return change ? change.name : room?.seats?.[seat]?.name ?? `#${seat + 1}`;
}

// The name of the seat that made event `ev`, as it was then.
export function eventName(room, ev) {
  return nameThen(room, ev.seat, ev.n);
}

// Whether event `ev` is a move of seat `me` while it was held as now: a move before the seat
// changed hands was someone else's.
export function ownEvent(room, ev, me) {
  return me != null && ev.seat === me
    && !(room?.renames || []).some((r) => r.seat === me && ev.n < r.before);
}
