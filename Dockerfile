# Tidepool: a Discord bot for asynchronous board games.
# docker build -t tidepool . && docker run -e DISCORD_TOKEN=... -v tidepool-data:/data tidepool
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/tidepool.sqlite3

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin tidepool \
    && mkdir -p /data && chown tidepool:tidepool /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY catalogs ./catalogs
COPY renderers ./renderers
RUN pip install .

USER tidepool
VOLUME ["/data"]
# The web view, when WEB_URL and WEB_PORT=8080 are set (publish it with -p 8080:8080).
EXPOSE 8080
CMD ["python", "-m", "bot"]
