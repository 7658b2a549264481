# wetopi-memory: the Argo CD sync job's image. `bootstrap` reconciles banks.yaml against Hindsight.
# The API key only ever comes from the environment (HINDSIGHT_API_KEY, injected from Infisical).
FROM python:3.11.10-slim-bookworm AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY wetopi_memory ./wetopi_memory
COPY cli ./cli
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11.10-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    WETOPI_MEMORY_STATE_DIR=/tmp/wetopi-memory
RUN useradd --uid 10001 --no-create-home --shell /usr/sbin/nologin wetopi
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links /wheels wetopi-memory && rm -rf /wheels
COPY banks/banks.yaml /etc/wetopi-memory/banks.yaml
USER 10001:10001
ENTRYPOINT ["wetopi-memory"]
CMD ["bootstrap", "/etc/wetopi-memory/banks.yaml"]
