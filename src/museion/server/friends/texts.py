"""The words of the friends page, of invitations (My tables, the lobby's notice) and of the friends API's refusals, in
English (the catalogues translate them), in the project's one catalogue (``GET /api/texts``). Spanish uses "tú"."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg

REASONS = messages(
    msg("web.code.no_player", "No player has that username."),
    msg("web.code.self_request", "You cannot ask yourself to be friends."),
    msg("web.code.self_block", "You cannot block yourself."),
    msg("web.code.you_blocked", "You have blocked {name}: unblock them first."),
    msg("web.code.already_friends", "You are friends with {name} already."),
    msg("web.code.no_request", "There is no such friend request."),
    msg("web.code.not_friends", "You may invite your friends only, and this player is not one."),
    msg("web.code.not_blocked", "You have not blocked this player."),
    msg("web.code.too_many_requests", "You have {cap} friend requests waiting, the limit: withdraw one first."),
    msg("web.code.too_many_friends", "You have {cap} friends, the limit."),
    msg("web.code.their_friends_full", "This player has {cap} friends, the limit."),
    msg("web.code.too_many_blocks", "You have blocked {cap} players, the limit."),
    msg("web.code.too_many_invitations", "You have {cap} invitations waiting, the limit."),
    msg("web.code.their_invitations_full", "Your friend has {cap} invitations waiting, the limit."),
    msg("web.code.already_seated", "{name} has a seat at this table already."),
    msg("web.code.seat_held", "Seat {n} is held for an invited player: choose another seat."),
    msg("web.code.blocked", "You cannot sit at this table: between you and one of its players there is a block."),
    msg("web.code.not_seated", "Only a player seated at this table (signed in) may invite to it."),
    msg("web.code.no_invitation", "This invitation is no longer there."),
)

PAGES = messages(
    msg("web.friends.title", "Friends"),
    msg("web.friends.link", "Friends"),
    msg("web.friends.signed_out", "Sign in to have friends, invite them to your tables and block players."),
    msg("web.friends.add", "Add a friend"),
    msg("web.friends.username", "Their username"),
    msg("web.friends.send", "Send a friend request"),
    msg("web.friends.sent", "Request sent to {name}."),
    msg("web.friends.now_friends", "You and {name} are friends now."),
    msg("web.friends.incoming", "Friend requests for you"),
    msg("web.friends.outgoing", "Your requests waiting for an answer"),
    msg("web.friends.friends", "Your friends"),
    msg("web.friends.blocked", "Blocked players"),
    msg("web.friends.none", "The list is empty."),
    msg("web.friends.accept", "Accept"),
    msg("web.friends.decline", "Decline"),
    msg("web.friends.withdraw", "Withdraw"),
    msg("web.friends.unfriend", "Remove friend"),
    msg("web.friends.block", "Block"),
    msg("web.friends.unblock", "Unblock"),
    msg("web.friends.block_name", "Block a player"),
    msg("web.friends.block_help",
        "A blocked player cannot send you requests or invitations, sit at a table where you sit, or chat with you; "
        "you are not told of their requests and they are not told they are blocked."),
    msg("web.friends.invite", "Invite to a table"),
    msg("web.friends.invite_to", "Invite {name} to"),
    msg("web.friends.invite_seat", "{title} · {table}, seat {n}"),
    msg("web.friends.no_free_seat", "To invite, sit at a table with a free seat first (create one in the lobby)."),
    msg("web.friends.invited", "{name} is invited: the seat is held for them."),
    msg("web.friends.your_invitations", "Seats you hold for friends"),
    msg("web.friends.invitation_out", "{name}: {title} · {table}, seat {n}"),
    msg("web.friends.settings", "Notifications"),
    msg("web.friends.notify_invites",
        "Tell me when a friend invites me to a seat (here and, if my browser allows it, as a notification)"),
    msg("web.friends.saved", "Saved."),
    msg("web.friends.since", "since {date}"),
    msg("web.invite.title", "Invitations"),
    msg("web.invite.line", "{name} invites you to {title} (table {table}, seat {n})"),
    msg("web.invite.take", "Take the seat"),
    msg("web.invite.decline", "Decline"),
    msg("web.invite.toast", "{name} invites you to a table of {title}."),
    msg("web.invite.see", "See the invitation"),
    msg("web.invite.dismiss", "Close"),
    msg("web.invite.count", "{n} invitations"),
    msg("web.privacy.friends",
        "With an account you may have friends: kept are your friendships, the friend requests you sent and received, "
        "the players you blocked, the seats you and your friends hold for one another, and whether you want "
        "invitations announced. They are in your data download and are deleted with your account."),
)

TEXTS = {**REASONS, **PAGES}
i18n.register(TEXTS)
