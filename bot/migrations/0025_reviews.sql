-- A finished game's review (/game review, the Review button): computed once, in the worker,
-- and posted once; the post's message is kept for the link later requests get.
CREATE TABLE reviews (
    game_id    BIGINT PRIMARY KEY,
    data       TEXT NOT NULL,                 -- games.ai.review.Review.to_dict(), as JSON
    created_at DOUBLE PRECISION NOT NULL,
    message_id BIGINT,                        -- the posted review; NULL until it is sent
    channel_id BIGINT                         -- where it was posted (the channel or a thread)
);
